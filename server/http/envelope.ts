// The answer of every call (requirements §C2): { success, msg, extend }, errors included.
import { Type, type TSchema } from 'typebox';
import type { Envelope } from '../../domain/envelope.ts';

export type { Envelope };

export const OK = 'OK';

export const ok = <E>(extend: E, msg: string = OK): Envelope<E> => ({ success: true, msg, extend });

export const fail = (msg: string, extend: Record<string, unknown> = {}): Envelope => ({
  success: false,
  msg,
  extend,
});

/** The response schema of an envelope whose extend is `extend`. */
export const EnvelopeSchema = <T extends TSchema>(extend: T) =>
  Type.Object({ success: Type.Boolean(), msg: Type.String(), extend });

/** Thrown by handlers for an expected failure: answered with this status and message as an envelope. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extend: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const notFound = (msg: string): ApiError => new ApiError(404, msg);
