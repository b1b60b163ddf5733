// TypeBox schemas of the account area's calls (docs/decisions/005-account.md). The response schemas mirror
// domain/account.ts and, being serialisation schemas, drop any property they do not declare.
// Text fields have generous schema bounds; the product's limits (SUPPORT_LIMITS, NAME_LIMITS) are checked
// in the handlers, with messages a person can act on.
import { Type, type TSchema } from 'typebox';
import { EnvelopeSchema } from '../http/envelope.ts';
import { NO_NUL } from '../http/errors.ts';

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** The most messages one page holds. */
export const MAX_MESSAGE_PAGE_SIZE = 50;
export const DEFAULT_MESSAGE_PAGE_SIZE = 20;

const MessageKind = Type.Union([
  Type.Literal('welcome'),
  Type.Literal('order'),
  Type.Literal('coupon'),
  Type.Literal('support'),
  Type.Literal('notice'),
]);
const SupportStatus = Type.Union([Type.Literal('open'), Type.Literal('answered'), Type.Literal('closed')]);
const Provider = Type.Union([Type.Literal('email'), Type.Literal('google'), Type.Literal('guest')]);

export const MessageSchema = Type.Object({
  id: Type.Integer(),
  kind: MessageKind,
  title: Type.String(),
  body: Type.String(),
  createdAt: Type.String(),
  readAt: Nullable(Type.String({ description: 'null while unread' })),
  link: Nullable(
    Type.Object(
      { label: Type.String(), href: Type.String({ description: 'A path of the storefront' }) },
      { description: 'Where the message points (an order, the coupons, the support requests)' },
    ),
  ),
});

export const SupportRequestSchema = Type.Object({
  id: Type.Integer(),
  subject: Type.String(),
  message: Type.String(),
  status: SupportStatus,
  createdAt: Type.String(),
  reply: Nullable(Type.String({ description: "The staff's answer, once there is one" })),
  repliedAt: Nullable(Type.String()),
});

export const ProfileSchema = Type.Object({
  memberId: Type.String(),
  name: Type.String(),
  email: Nullable(Type.String({ description: 'null for guest accounts' })),
  avatarUrl: Type.String(),
  memberSince: Type.String(),
  purchases: Type.Integer({ description: 'Paid orders' }),
  fruitCnt: Type.Integer(),
  provider: Provider,
  referralUrl: Type.String({
    description: "The member's own share link (<origin>/s/<id>): purchases through it credit them",
  }),
});

const NotificationPrefsSchema = Type.Object({
  orderUpdates: Type.Boolean({ description: 'Email when an order is paid' }),
  supportReplies: Type.Boolean({ description: 'Email when support answers' }),
  promotions: Type.Boolean({ description: 'Occasional news and offers' }),
});

export const AccountSettingsSchema = Type.Object({
  notifications: NotificationPrefsSchema,
  hasPassword: Type.Boolean({
    description: 'false for accounts that sign in only with Google or as a guest',
  }),
  provider: Provider,
});

// Requests -----------------------------------------------------------------------------------------------

export const MessagesQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000, default: 1 })),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_MESSAGE_PAGE_SIZE, default: DEFAULT_MESSAGE_PAGE_SIZE }),
  ),
});

/** Any text: an id that is not a positive integer answers 404, like an unknown one. */
export const MessageParams = Type.Object({
  id: Type.String({ maxLength: 32, description: 'The message id (a positive integer)' }),
});

export const SupportRequestBody = Type.Object({
  email: Type.Optional(
    Type.String({
      maxLength: 320,
      description: 'Required without a token; ignored with one (the account’s address is used)',
    }),
  ),
  subject: Type.String({ maxLength: 1000, description: 'SUPPORT_LIMITS: 3-120 characters once trimmed' }),
  message: Type.String({ maxLength: 10000, description: 'SUPPORT_LIMITS: 20-2000 characters once trimmed' }),
  botCheck: Type.Optional(
    Type.String({
      maxLength: 4096,
      description: 'Required without a token: a solved ALTCHA challenge (GET /api/bot-check/challenge)',
    }),
  ),
});

export const SupportParams = Type.Object({
  id: Type.String({ maxLength: 32, description: 'The support request id (a positive integer)' }),
});

export const SupportReplyBody = Type.Object({
  body: Type.String({ minLength: 1, maxLength: 5000, pattern: NO_NUL, description: "The staff's answer" }),
});

export const NameBody = Type.Object({
  name: Type.String({ maxLength: 400, description: 'NAME_LIMITS: 1-40 characters once trimmed' }),
});

export const AvatarParams = Type.Object({
  file: Type.String({ maxLength: 64, description: '{userId}.webp' }),
});

export const AvatarQuery = Type.Object({
  v: Type.Optional(Type.String({ maxLength: 32, description: 'The version of avatarUrl (cache busting)' })),
});

export const NotificationsBody = Type.Object(
  {
    orderUpdates: Type.Optional(Type.Boolean()),
    supportReplies: Type.Optional(Type.Boolean()),
    promotions: Type.Optional(Type.Boolean()),
  },
  { description: 'The preferences to change; the others stay as they are' },
);

const EncryptedPassword = Type.String({
  maxLength: 2048,
  description: 'base64 of a 16-byte IV and the AES-CBC/PKCS7 ciphertext under PASSWORD_KEY (requirements §7)',
});

export const PasswordBody = Type.Object({
  currentPassword: EncryptedPassword,
  newPassword: EncryptedPassword,
  encrypted: Type.Optional(Type.Boolean({ description: 'always true: both passwords are encrypted' })),
});

export const DeleteAccountBody = Type.Object({
  confirm: Type.String({ maxLength: 64, description: 'Exactly DELETE' }),
});

// Responses ----------------------------------------------------------------------------------------------

export const MessagePageResponse = EnvelopeSchema(
  Type.Object({
    data: Type.Array(MessageSchema),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    unread: Type.Integer({ description: 'Unread messages in the whole inbox' }),
  }),
);

export const UnreadCountResponse = EnvelopeSchema(Type.Object({ data: Type.Integer({ minimum: 0 }) }));

export const MessageReadResponse = EnvelopeSchema(
  Type.Object({ data: MessageSchema, unread: Type.Integer({ minimum: 0 }) }),
);

export const UnreadResponse = EnvelopeSchema(Type.Object({ unread: Type.Integer({ minimum: 0 }) }));

export const SupportRequestResponse = EnvelopeSchema(Type.Object({ data: SupportRequestSchema }));
export const SupportRequestsResponse = EnvelopeSchema(
  Type.Object({ data: Type.Array(SupportRequestSchema) }),
);

export const ProfileResponse = EnvelopeSchema(Type.Object({ data: ProfileSchema }));

export const SettingsResponse = EnvelopeSchema(Type.Object({ data: AccountSettingsSchema }));

export const TokenResponse = EnvelopeSchema(
  Type.Object({ token: Type.String({ description: 'A new token of this session' }) }),
);

export const EmptyResponse = EnvelopeSchema(Type.Object({}));
