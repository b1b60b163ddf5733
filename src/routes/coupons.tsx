import { createFileRoute } from '@tanstack/react-router';
import { CouponsPage } from '../views/member-pages.tsx';
import { requireMember } from './-lib/require-member.ts';

export const Route = createFileRoute('/coupons')({
  beforeLoad: requireMember,
  component: CouponsPage,
});
