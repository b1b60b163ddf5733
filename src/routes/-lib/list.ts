import type { ParsedLocation } from '@tanstack/react-router';
import type { ListQuery } from '../../../domain/catalog.ts';
import { sendToSystem, type AppSystem } from '../../app/app-system.ts';

/**
 * A list page asks the list machine for its query in the history entry it is shown in: going Back
 * to that entry shows the page it had at once, so the browser's scroll lands where it was (issue 15).
 */
export function loadList(system: AppSystem, location: ParsedLocation, query: ListQuery): void {
  const entry = location.state.__TSR_key ?? location.state.key;
  sendToSystem(system, 'promptList', { type: 'list.load', query, ...(entry ? { entry } : {}) });
}
