import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../system/react.tsx';
import { EmailVerificationPage } from '../views/email-verification-page.tsx';
import { parseTokenParams } from './-lib/params.ts';

export const Route = createFileRoute('/verifyemail-{$token}.html')({
  params: { parse: parseTokenParams },
  beforeLoad: ({ context, params, preload }) => {
    if (!preload)
      sendToSystem(context.system, 'emailVerification', { type: 'verify.start', token: params.token });
  },
  component: EmailVerificationPage,
});
