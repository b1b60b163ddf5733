import { createFileRoute } from '@tanstack/react-router';
import { memberLayout } from './-lib/require-member.ts';

/**
 * The member's pages (requirements §6), under one pathless layout route: one guard for all of them (a
 * visitor's address is kept and the login dialog opens; each page shows its "Log in to see …" view)
 * and the member's machines loaded before any of them renders. Adding a member's page is a file in
 * `_member/` (docs/decisions/009-one-actor-system.md).
 */
export const Route = createFileRoute('/_member')({ beforeLoad: memberLayout });
