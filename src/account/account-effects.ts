// The account area's API calls (docs/decisions/005-account.md). Members' calls are their own
// (`/api/my/...`, bearer token); the support form also works signed out.
import type {
  AccountSettings,
  Message,
  MessagePage,
  NotificationPrefs,
  Profile,
  SupportRequest,
  SupportRequestInput,
} from '../../domain/account.ts';
import type { ApiClient } from '../platform/api.ts';
import { encryptPassword } from '../auth/password.ts';

export function createAccountEffects(api: ApiClient) {
  return {
    fetchMessages: (input: { page?: number; pageSize?: number } = {}): Promise<MessagePage> =>
      api.get<MessagePage>('/api/my/messages', { page: input.page, pageSize: input.pageSize }),
    fetchUnreadCount: async (): Promise<number> =>
      (await api.get<{ data: number }>('/api/my/messages/unread-count')).data,
    markMessageRead: (input: { id: number }): Promise<{ data: Message; unread: number }> =>
      api.post<{ data: Message; unread: number }>(`/api/my/messages/${input.id}/read`),
    markAllMessagesRead: (): Promise<{ unread: number }> =>
      api.post<{ unread: number }>('/api/my/messages/read-all'),
    deleteMessage: (input: { id: number }): Promise<{ unread: number }> =>
      api.post<{ unread: number }>(`/api/my/messages/${input.id}/delete`),

    sendSupportRequest: async (input: SupportRequestInput): Promise<SupportRequest> =>
      (await api.post<{ data: SupportRequest }>('/api/support/requests', input)).data,
    fetchSupportRequests: async (): Promise<SupportRequest[]> =>
      (await api.get<{ data: SupportRequest[] }>('/api/my/support/requests')).data,

    fetchProfile: async (): Promise<Profile> => (await api.get<{ data: Profile }>('/api/my/profile')).data,
    saveName: async (input: { name: string }): Promise<Profile> =>
      (await api.post<{ data: Profile }>('/api/my/profile', { name: input.name })).data,
    /** The file as it is: the server checks its type and size, re-encodes and resizes it. */
    uploadAvatar: async (input: { file: Blob }): Promise<Profile> =>
      (await api.upload<{ data: Profile }>('/api/my/profile/avatar', input.file)).data,
    generateAvatar: async (): Promise<Profile> =>
      (await api.post<{ data: Profile }>('/api/my/profile/avatar/generated')).data,

    fetchSettings: async (): Promise<AccountSettings> =>
      (await api.get<{ data: AccountSettings }>('/api/my/settings')).data,
    saveNotifications: async (input: Partial<NotificationPrefs>): Promise<AccountSettings> =>
      (await api.post<{ data: AccountSettings }>('/api/my/settings/notifications', input)).data,
    /** Both passwords AES-encrypted as at sign-in (requirements §7); answers this session's new token. */
    changePassword: async (input: {
      currentPassword: string;
      newPassword: string;
    }): Promise<{ token: string }> =>
      api.post<{ token: string }>('/api/my/settings/password', {
        currentPassword: await encryptPassword(input.currentPassword),
        newPassword: await encryptPassword(input.newPassword),
        encrypted: true,
      }),
    signOutEverywhere: async (): Promise<void> => {
      await api.post('/api/my/settings/sign-out-everywhere');
    },
    deleteAccount: async (input: { confirm: string }): Promise<void> => {
      await api.post('/api/my/account/delete', { confirm: input.confirm });
    },
  };
}

export type AccountEffects = ReturnType<typeof createAccountEffects>;
