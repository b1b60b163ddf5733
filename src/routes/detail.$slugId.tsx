import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../system/react.tsx';
import { PromptDetailView } from '../views/prompt-detail-view.tsx';

export const Route = createFileRoute('/detail/$slugId')({
  beforeLoad: ({ context, params, preload }) => {
    if (!preload) sendToSystem(context.system, 'promptDetail', { type: 'detail.load', id: params.slugId });
  },
  component: PromptDetailView,
});
