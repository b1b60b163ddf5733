// The variables of a free prompt on its page: opening the page loads the template, typing fills a
// variable, "Copy prompt" copies the filled text, "Reset" empties the fields.
import type { Page } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { click, fill, navigate, visibleLazy } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

/**
 * The model's sample prompts (their ids, templates and variables) are not the demo data's: the page
 * is handed them as the API's answer for that prompt (the detail call's answer, its template and
 * variables replaced), so that opening the prompt's page loads the model's template as the page
 * loads any. Installed once per page; `samples` says, per prompt id, what the next answer carries.
 */
const samples = new WeakMap<Page, Map<number, { template: string; variables: unknown }>>();

async function serveSample(page: Page, event: AnyEventObject): Promise<void> {
  let mine = samples.get(page);
  if (!mine) {
    const wanted = (mine = new Map());
    samples.set(page, mine);
    await page.route(
      (url) => url.pathname === '/api/prompts/detail',
      async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as {
          extend?: { data?: { id: number; promptDetail: { template: string | null; variables: unknown } } };
        };
        const data = body.extend?.data;
        const sample = data && wanted.get(data.id);
        if (sample) data.promptDetail = { ...data.promptDetail, ...sample };
        await route.fulfill({ response, json: body });
      },
    );
  }
  mine.set(event.promptId as number, {
    template: event.template as string,
    variables: (event.variables as unknown) ?? [],
  });
}

export const templateFillerScript: BrowserScript = {
  machineId: 'templateFiller',
  effects: { copyText: 'copyText' },
  start: '/terms',
  // these steps from the start: a path of the model, named by its steps (not one of the numbered tours)
  testPath:
    'template.load {"promptId":7,"template":"a misty lake with [Va... → editing lake ["",""] · template.copy → copying lake ["",""] · copyText answers → editing lake ["",""] [success]',
  async act(event, { page }) {
    const filler = page.getByRole('main');
    switch (event.type) {
      case 'template.load': {
        // the prompt's page loads its template into the filler (from elsewhere: a page opened again
        // loads again)
        await serveSample(page, event);
        const href = `/detail/prompt-${event.promptId as number}`;
        if (new URL(page.url()).pathname === href) await navigate(page, '/terms');
        await navigate(page, href);
        await visibleLazy(
          page,
          filler
            .getByRole('group', { name: 'Fill in the variables' })
            .or(filler.getByRole('button', { name: 'Copy prompt' }))
            .first(),
        );
        return;
      }
      case 'variable.change': {
        const fields = filler.getByRole('group', { name: 'Fill in the variables' }).getByRole('textbox');
        await fill(fields.nth(event.index as number), event.value as string);
        return;
      }
      case 'template.reset':
        await click(filler.getByRole('button', { name: 'Reset' }));
        return;
      case 'template.copy':
        await click(filler.getByRole('button', { name: 'Copy prompt' }));
        return;
      default:
        return false;
    }
  },
};
