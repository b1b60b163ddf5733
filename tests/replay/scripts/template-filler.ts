// The variables of a free prompt on its page: opening the page loads the template, typing fills a
// variable, "Copy prompt" copies the filled text, "Reset" empties the fields.
import { click, fill, navigate } from '../actions.ts';
import type { BrowserScript } from '../types.ts';

/** Two free prompts of the demo data with variables: each opening loads a template. */
const FREE = ['/detail/flat-fitness-app-icon-set-37', '/detail/anime-floating-island-village-287'];

export const templateFillerScript: BrowserScript = {
  machineId: 'templateFiller',
  effects: { copyText: 'copyText' },
  start: '/terms',
  testPath: '5',
  async act(event, { page }) {
    const filler = page.getByRole('main');
    switch (event.type) {
      case 'template.load':
        // the detail page loads the template into the filler when it shows a free prompt
        await navigate(page, page.url().endsWith(FREE[0]!) ? FREE[1]! : FREE[0]!);
        return;
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
