// TypeBox schemas of the sign-in calls (requirements §7 and our own, requirements §C2).
import { Type, type TSchema } from 'typebox';
import { EnvelopeSchema } from '../http/envelope.ts';
import { NO_NUL } from '../http/errors.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Generous bounds: the checks with the product's messages run in the handler. */
/** No NUL: PostgreSQL text cannot hold one, and the address is looked up before the handler's checks. */
const EmailField = Type.String({ maxLength: 320, pattern: NO_NUL, description: 'the email address' });
const EncryptedPassword = Type.String({
  maxLength: 2048,
  description: 'base64 of a 16-byte IV and the AES-CBC/PKCS7 ciphertext under PASSWORD_KEY (requirements §7)',
});

export const AccountDataSchema = Type.Object({
  userId: Type.String(),
  providerUsername: Type.String(),
  email: Nullable(Type.String()),
  avatarUrl: Nullable(Type.String()),
  fruitCnt: Type.Integer(),
});

export const SignInResponse = EnvelopeSchema(Type.Object({ token: Type.String(), data: AccountDataSchema }));
export const AccountResponse = EnvelopeSchema(Type.Object({ data: AccountDataSchema }));
export const EmptyResponse = EnvelopeSchema(Type.Object({}));

export const LoginBody = Type.Object({
  email: EmailField,
  password: EncryptedPassword,
  encrypted: Type.Optional(Type.Boolean({ description: 'always true: the password is encrypted' })),
});

export const RegisterBody = Type.Object({
  email: EmailField,
  password: EncryptedPassword,
  confirmPassword: EncryptedPassword,
  recaptchaToken: Type.String({
    maxLength: 4096,
    description: 'the bot check: a solved ALTCHA challenge of GET /api/bot-check/challenge (base64 JSON)',
  }),
  encrypted: Type.Optional(Type.Boolean()),
});

/** Guest sign-in: the bot check's solved challenge (GET /api/bot-check/challenge). */
export const GuestBody = Type.Object({
  botCheck: Type.Optional(
    Type.String({ maxLength: 4096, description: 'a solved ALTCHA challenge (base64 JSON)' }),
  ),
});

export const ResendBody = Type.Object({ email: EmailField });

export const VerifyBody = Type.Object({
  token: Type.String({ maxLength: 512, description: 'the token of the /verifyemail-{token}.html link' }),
});

export const VerifyResponse = EnvelopeSchema(
  Type.Object({ status: Type.Literal('verified'), email: Type.String() }),
);

export const UserIdQuery = Type.Object({
  userId: Type.Optional(
    Type.String({ maxLength: 100, description: "ignored: the token's user is always the one answered" }),
  ),
});

export const MemberIdQuery = Type.Object({
  memberId: Type.Optional(
    Type.String({ maxLength: 100, description: "ignored: the token's user is always the one counted" }),
  ),
});

export const AuthorizeQuery = Type.Object({
  provider: Type.String({ maxLength: 32, description: 'only google' }),
  callback: Type.String({
    maxLength: 2048,
    description: 'our own /auth/callback or /social-callback URL, where the provider returns',
  }),
});

export const AuthorizeResponse = EnvelopeSchema(Type.Object({ authUrl: Type.String() }));

export const ExchangeBody = Type.Object({
  code: Type.String({ minLength: 1, maxLength: 2048 }),
  state: Type.String({ minLength: 1, maxLength: 512 }),
});

export const CountResponse = EnvelopeSchema(Type.Object({ data: Type.Integer({ minimum: 0 }) }));
