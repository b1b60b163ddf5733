import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../system/react.tsx';
import { PromptDetailView } from '../views/prompt-detail-view.tsx';
import { parseLegacyDetailParams } from './-lib/params.ts';

// The legacy address; its redirect to /detail/{slugId} (SPEC.md §4) comes with its own machine.
export const Route = createFileRoute('/detail_{$id}.html')({
  params: { parse: parseLegacyDetailParams },
  beforeLoad: ({ context, params, preload }) => {
    if (!preload) sendToSystem(context.system, 'promptDetail', { type: 'detail.load', id: params.id });
  },
  component: PromptDetailView,
});
