import type { PageType } from '../../../domain/seo.ts';
import { sendToSystem, type AppSystem } from '../../app/app-system.ts';

const origin = (): string => (typeof location === 'undefined' ? '' : location.origin);

/** requirements §2 Page metadata: ask the `seo` actor for the page's metadata (not on a preload). */
export function sendSeoPage(
  system: AppSystem,
  pageType: PageType,
  referenceId: string | null,
  path: string,
): void {
  sendToSystem(system, 'seo', { type: 'seo.page', pageType, referenceId, canonicalUrl: origin() + path });
}
