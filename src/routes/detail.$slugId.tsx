import { createFileRoute } from '@tanstack/react-router';
import { detailReferenceOf } from '../../domain/seo.ts';
import { ensure, sendToSystem } from '../app/app-system.ts';
import { PromptDetailView } from '../catalog/prompt-detail-view.tsx';
import { sendSeoPage } from './-lib/seo.ts';

export const Route = createFileRoute('/detail/$slugId')({
  // Share, the template filler and Buy now's checkout attach with the page
  beforeLoad: async ({ context, params, preload }) => {
    await ensure(context.system, 'promptDetail', 'share', 'templateFiller', 'checkout');
    if (preload) return;
    sendToSystem(context.system, 'promptDetail', { type: 'detail.load', id: params.slugId });
    sendSeoPage(context.system, 'DETAIL', detailReferenceOf(params.slugId), `/detail/${params.slugId}`);
  },
  component: PromptDetailView,
});
