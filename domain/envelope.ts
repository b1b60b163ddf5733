/** The API envelope of requirements §C2: every answer, errors included. */
export interface Envelope<E = Record<string, unknown>> {
  success: boolean;
  msg: string;
  extend: E;
}
