import { createFileRoute } from '@tanstack/react-router';
import { attachPageMachines, sendToSystem } from '../system/app-system.ts';
import { ShareLandingView } from '../views/link-landing-views.tsx';

export const Route = createFileRoute('/ps/$partnerShortUrlId')({
  beforeLoad: async ({ context, params, preload }) => {
    await attachPageMachines(context.system, 'link');
    if (!preload)
      sendToSystem(context.system, 'shareLanding', {
        type: 'shareLink.open',
        id: params.partnerShortUrlId,
        partner: true,
      });
  },
  component: ShareLandingView,
});
