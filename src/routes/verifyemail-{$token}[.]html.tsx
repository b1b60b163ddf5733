import { createFileRoute } from '@tanstack/react-router';
import { ensure, sendToSystem } from '../app/app-system.ts';
import { EmailVerificationPage } from '../auth/email-verification-page.tsx';
import { parseTokenParams } from './-lib/params.ts';

export const Route = createFileRoute('/verifyemail-{$token}.html')({
  params: { parse: parseTokenParams },
  beforeLoad: async ({ context, params, preload }) => {
    await ensure(context.system, 'emailVerification');
    if (!preload)
      sendToSystem(context.system, 'emailVerification', { type: 'verify.start', token: params.token });
  },
  component: EmailVerificationPage,
});
