// Every machine's independent model, by the machine's name: what `npm run paths` lists. A machine
// with several walks (another input) lists each.
import type { SpecModel } from '../../support/spec-model.ts';
import { connectionSpec } from './connection.ts';
import { ACCOUNT_MENU_CLOSE_DELAY, CATEGORY_MENU_CLOSE_DELAY, hoverMenuSpec } from './hover-menu.ts';
import { seoSpec } from './seo.ts';
import { toastSpec } from './toast.ts';
import { toastItemSpec } from './toast-item.ts';

export interface SpecEntry {
  name: string;
  walks: { label: string; model: SpecModel<never> }[];
}

/** Any model, as the catalogue lists it (it only reads a model, whatever its state type). */
const any = <S>(model: SpecModel<S>): SpecModel<never> => model as unknown as SpecModel<never>;
const one = <S>(name: string, model: SpecModel<S>): SpecEntry => ({
  name,
  walks: [{ label: '', model: any(model) }],
});

export const SPEC_MODELS: SpecEntry[] = [
  one('connection', connectionSpec()),
  {
    name: 'hoverMenu',
    walks: [
      { label: 'category menu', model: any(hoverMenuSpec(CATEGORY_MENU_CLOSE_DELAY)) },
      { label: 'account menu', model: any(hoverMenuSpec(ACCOUNT_MENU_CLOSE_DELAY)) },
    ],
  },
  one('seo', seoSpec()),
  one('toast', toastSpec()),
  {
    name: 'toastItem',
    walks: [
      { label: 'default', model: any(toastItemSpec()) },
      { label: '4000 ms', model: any(toastItemSpec(4000)) },
    ],
  },
];
