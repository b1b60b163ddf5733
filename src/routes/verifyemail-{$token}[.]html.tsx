import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailPage } from '../views/status-pages.tsx';
import { parseTokenParams } from './-lib/params.ts';

export const Route = createFileRoute('/verifyemail-{$token}.html')({
  params: { parse: parseTokenParams },
  component: VerifyEmailPage,
});
