import { createFileRoute } from '@tanstack/react-router';
import { ensure, sendToSystem } from '../app/app-system.ts';
import { ShareLandingView } from '../catalog/link-landing-views.tsx';

export const Route = createFileRoute('/s/$shortUrlId')({
  beforeLoad: async ({ context, params, preload }) => {
    await ensure(context.system, 'shareLanding');
    if (!preload)
      sendToSystem(context.system, 'shareLanding', {
        type: 'shareLink.open',
        id: params.shortUrlId,
        partner: false,
      });
  },
  component: ShareLandingView,
});
