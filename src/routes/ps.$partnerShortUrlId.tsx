import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../app/app-system.ts';
import { ensureFor } from './-lib/ensure.ts';
import { ShareLandingView } from '../catalog/link-landing-views.tsx';

export const Route = createFileRoute('/ps/$partnerShortUrlId')({
  beforeLoad: async ({ context, params, preload }) => {
    const machines = await ensureFor('shareLanding')({ context });
    if (!preload)
      sendToSystem(context.system, 'shareLanding', {
        type: 'shareLink.open',
        id: params.partnerShortUrlId,
        partner: true,
      });
    return machines;
  },
  component: ShareLandingView,
});
