import type { Category } from '../../../domain/catalog.ts';
import type { ParsedLocation } from '@tanstack/react-router';
import type { AppSystem } from '../../app/app-system.ts';
import { loadList } from './list.ts';
import { listQueryOf, type ListSearch } from '../../catalog/list-search.ts';
import { sendSeoPage } from './seo.ts';

/** `/category` with no category named: the index of categories. */
export const CATEGORY_INDEX_PATH = '/category';

/**
 * A category's listing, whichever URL named it (its own path, `?id=` or `/category/{id}`): the list
 * for its grade, and its metadata asked for by the reference id the URL carried (requirements §7), with
 * the category's own path as the canonical address.
 */
export function openCategory(
  system: AppSystem,
  location: ParsedLocation,
  category: Category,
  search: ListSearch,
  referenceId: string | null,
): void {
  loadList(system, location, listQueryOf(search, category.grade === null ? {} : { grade: category.grade }));
  sendSeoPage(
    system,
    'CATEGORY',
    referenceId ?? category.referenceId,
    category.grade === null ? CATEGORY_INDEX_PATH : category.path,
  );
}
