import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../app/app-system.ts';
import { ensureFor } from './-lib/ensure.ts';
import { EmailVerificationPage } from '../auth/email-verification-page.tsx';
import { parseTokenParams } from './-lib/params.ts';

export const Route = createFileRoute('/verifyemail-{$token}.html')({
  params: { parse: parseTokenParams },
  beforeLoad: async ({ context, params, preload }) => {
    const machines = await ensureFor('emailVerification')({ context });
    if (!preload)
      sendToSystem(context.system, 'emailVerification', { type: 'verify.start', token: params.token });
    return machines;
  },
  component: EmailVerificationPage,
});
