// The effects the machines are given, as one type: its own module, so the per-area logic files
// (`*-logic.ts`) that app-system.ts loads can name it without importing app-system.ts back.
import type { popupActor } from '../auth/popup.ts';
import type { AuthEffects } from '../auth/auth-effects.ts';
import type { createCatalogEffects } from '../catalog/catalog-effects.ts';
import type { ConnectionEffects } from '../shell/connection-effects.ts';
import type { CommerceEffects } from '../commerce/commerce-effects.ts';
import type { AccountEffects } from '../account/account-effects.ts';
import type { createSessionEffects } from '../auth/session-effects.ts';
import type { AnyActorLogic } from 'xstate';
import type { ApiClient } from '../platform/api.ts';
import type { BotCheckEffects } from '../bot-check/bot-check-effects.ts';

/** Every effect the machines need, in one object, so tests can hand in fakes. */
export type AppEffects = ReturnType<typeof createCatalogEffects> &
  AuthEffects &
  CommerceEffects &
  AccountEffects & {
    session: ReturnType<typeof createSessionEffects>;
    /**
     * The bot check's calls (src/bot-check/): made from `api` by the sign-in machines' module when they
     * load, so the first page carries none of them; a test hands in its own.
     */
    botCheck?: BotCheckEffects;
    /** The social sign-in popup; the browser's window popup unless a test hands in another. */
    popup?: typeof popupActor;
    /** The clipboard (share links, filled prompts). */
    copyText: (text: string) => Promise<void>;
    /** Whether the API can be reached: the API client's reports, the browser's `online`, the health probe. */
    connection: ConnectionEffects;
    /**
     * The API client with the session's token, for the pages that build their calls in their own module
     * (`-<page>-logic.ts` beside a route): a new page's calls need no line in a list of effects.
     */
    api: ApiClient;
  };

/** A module's machines, provided with the effects a system was started with. */
export type ModuleLogic = (effects: AppEffects) => Record<string, AnyActorLogic>;
