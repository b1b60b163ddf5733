// The variables of a free prompt on its page: opening the page loads the template, typing fills a
// variable, "Copy prompt" copies the filled text, "Reset" empties the fields.
import type { Page } from 'playwright-core';
import type { AnyEventObject } from 'xstate';
import { templateFillerDriver } from '../../drivers/template-filler.ts';
import { take } from '../person.ts';
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
  async act(event, step) {
    // the model's sample prompt is served as the prompt's own before its page opens
    if (event.type === 'template.load') await serveSample(step.page, event);
    return take(templateFillerDriver, event, step);
  },
};
