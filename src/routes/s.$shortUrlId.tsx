import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../app/app-system.ts';
import { ensureFor } from './-lib/ensure.ts';
import { ShareLandingView } from '../catalog/link-landing-views.tsx';

export const Route = createFileRoute('/s/$shortUrlId')({
  beforeLoad: async ({ context, params, preload }) => {
    const machines = await ensureFor('shareLanding')({ context });
    if (!preload)
      sendToSystem(context.system, 'shareLanding', {
        type: 'shareLink.open',
        id: params.shortUrlId,
        partner: false,
      });
    return machines;
  },
  component: ShareLandingView,
});
