import { createFileRoute } from '@tanstack/react-router';
import { detailReferenceOf } from '../../domain/seo.ts';
import { sendToSystem, shownFromServer } from '../app/app-system.ts';
import { ensureFor } from './-lib/ensure.ts';
import { PromptDetailView } from '../catalog/prompt-detail-view.tsx';
import { sendSeoPage } from './-lib/seo.ts';

export const Route = createFileRoute('/detail/$slugId')({
  // Share, the template filler and Buy now's checkout attach with the page
  beforeLoad: async ({ context, params, preload }) => {
    const machines = await ensureFor('promptDetail', 'share', 'templateFiller', 'checkout')({ context });
    if (preload) return machines;
    // the page the server rendered shows this prompt already (src/app/hydrate.ts)
    if (!shownFromServer(context.system, 'promptDetail'))
      sendToSystem(context.system, 'promptDetail', { type: 'detail.load', id: params.slugId });
    sendSeoPage(context.system, 'DETAIL', detailReferenceOf(params.slugId), `/detail/${params.slugId}`);
    return machines;
  },
  component: PromptDetailView,
});
