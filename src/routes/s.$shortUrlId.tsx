import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../system/react.tsx';
import { ShareLandingView } from '../views/link-landing-views.tsx';

export const Route = createFileRoute('/s/$shortUrlId')({
  beforeLoad: ({ context, params, preload }) => {
    if (!preload)
      sendToSystem(context.system, 'shareLanding', {
        type: 'shareLink.open',
        id: params.shortUrlId,
        partner: false,
      });
  },
  component: ShareLandingView,
});
