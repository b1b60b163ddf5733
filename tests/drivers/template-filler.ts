// The variables of a free prompt on its page: opening the page loads the template into the filler,
// typing fills a variable, "Reset" empties the fields, "Copy prompt" copies the filled text. The
// model's sample prompts are each harness's to serve (as the detail call's answer for that id).
import type { TemplateFillerState } from '../models/spec/template-filler.ts';
import { button, click, fill, main, open, see, textbox, type PageDriver } from '../support/page-driver.ts';

export const templateFillerDriver: PageDriver<TemplateFillerState> = {
  // following a link to the prompt's page (by its id: the slug before it does not matter); to the
  // page shown, it loads again in its own entry
  'template.load': (event) => [
    open(`/detail/prompt-${event.promptId as number}`, 'again'),
    see(button('Copy prompt', main)),
  ],
  'variable.change': (event) => [
    fill(textbox(new RegExp(`^Variable ${(event.index as number) + 1}: `), main), event.value as string),
  ],
  'template.reset': () => [click(button('Reset', main))],
  'template.copy': () => [click(button('Copy prompt', main))],
};
