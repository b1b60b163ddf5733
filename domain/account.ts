// The account area's shapes (messages, support, profile, settings), shared by the server
// (server/account/), the API client (src/account/account-effects.ts) and the machines.
// docs/decisions/005-account.md lists the calls.

export type MessageKind = 'welcome' | 'order' | 'coupon' | 'support' | 'notice';

export interface Message {
  id: number;
  kind: MessageKind;
  title: string;
  body: string;
  createdAt: string;
  /** null while unread. */
  readAt: string | null;
  /** Where the message points (the order, the coupons, the support request), when it does. */
  link: { label: string; href: string } | null;
}

export interface MessagePage {
  data: Message[];
  total: number;
  page: number;
  pageSize: number;
  /** Unread messages in the whole inbox (not only this page). */
  unread: number;
}

export type SupportStatus = 'open' | 'answered' | 'closed';

export interface SupportRequest {
  id: number;
  subject: string;
  message: string;
  status: SupportStatus;
  createdAt: string;
  /** The staff's answer, once there is one (it also arrives as a message). */
  reply: string | null;
  repliedAt: string | null;
}

/** POST /api/support/requests: open to visitors (email required) and members (their own email). */
export interface SupportRequestInput {
  /** Required for visitors; ignored for members (the account's email is used). */
  email?: string;
  subject: string;
  message: string;
  /** A visitor's solved bot check (src/bot-check/); members send none. */
  botCheck?: string;
}

/** The limits the server enforces; the form shows them. */
export const SUPPORT_LIMITS = {
  subjectMin: 3,
  subjectMax: 120,
  messageMin: 20,
  messageMax: 2000,
} as const;

export interface Profile {
  memberId: string;
  name: string;
  /** null for guest accounts. */
  email: string | null;
  avatarUrl: string;
  memberSince: string;
  /** Paid orders. */
  purchases: number;
  fruitCnt: number;
  provider: 'email' | 'google' | 'guest';
  /** The member's own share link (`/s/{shortUrlId}`): purchases through it credit them. */
  referralUrl: string;
}

/** Display names: trimmed, 1-40 characters, no control characters. */
export const NAME_LIMITS = { min: 1, max: 40 } as const;

/** Avatar uploads: the types the server accepts and re-encodes, and the largest file. */
export const AVATAR_LIMITS = {
  types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const,
  maxBytes: 2 * 1024 * 1024,
} as const;

export interface NotificationPrefs {
  /** Email when an order is paid. */
  orderUpdates: boolean;
  /** Email when support answers. */
  supportReplies: boolean;
  /** Occasional news and offers. */
  promotions: boolean;
}

export interface AccountSettings {
  notifications: NotificationPrefs;
  /** false for accounts that sign in only with Google or as a guest. */
  hasPassword: boolean;
  provider: Profile['provider'];
}

/** What a member types to confirm deleting the account. */
export const DELETE_CONFIRMATION = 'DELETE';

/** The account menu's unread count: how it reads next to "Messages" and on the avatar button. */
export const unreadLabel = (unread: number): string => `${unread} unread`;
