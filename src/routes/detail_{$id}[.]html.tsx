import { createFileRoute } from '@tanstack/react-router';
import { sendToSystem } from '../app/app-system.ts';
import { ensureFor } from './-lib/ensure.ts';
import { LegacyRedirectView } from '../catalog/link-landing-views.tsx';
import { parseLegacyDetailParams } from './-lib/params.ts';
import { sendSeoPage } from './-lib/seo.ts';

// requirements §4 Legacy detail redirect: resolve the id, then replace the address with /detail/{slugId}.
export const Route = createFileRoute('/detail_{$id}.html')({
  params: { parse: parseLegacyDetailParams },
  beforeLoad: async ({ context, params, location, preload }) => {
    const machines = await ensureFor('legacyRedirect')({ context });
    if (preload) return machines;
    sendToSystem(context.system, 'legacyRedirect', {
      type: 'legacy.open',
      id: params.id,
      search: location.searchStr ?? '',
    });
    sendSeoPage(context.system, 'DETAIL', params.id, `/detail_${params.id}.html`);
    return machines;
  },
  component: LegacyRedirectView,
});
