import { createFileRoute } from '@tanstack/react-router';
import { detailReferenceOf } from '../../machines/domain/seo.ts';
import { sendToSystem } from '../system/react.tsx';
import { PromptDetailView } from '../views/prompt-detail-view.tsx';
import { sendSeoPage } from './-lib/seo.ts';

export const Route = createFileRoute('/detail/$slugId')({
  beforeLoad: ({ context, params, preload }) => {
    if (preload) return;
    sendToSystem(context.system, 'promptDetail', { type: 'detail.load', id: params.slugId });
    sendSeoPage(context.system, 'DETAIL', detailReferenceOf(params.slugId), `/detail/${params.slugId}`);
  },
  component: PromptDetailView,
});
