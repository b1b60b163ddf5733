// The statechart viewer panel: running actors on the left, the selected actor's statechart in the
// middle, its state value, context, last events and a "Send event" form on the right. The "Actor map"
// tab shows instead which actors talk to which (map.tsx).
import { useSelector } from '@xstate/react';
import {
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { AnyActorRef, AnyMachineSnapshot, AnyStateNode } from 'xstate';
import {
  actorLabel,
  machineOf,
  systemIdOf,
  type ActorEntry,
  type EventRecord,
  type InspectionCollector,
} from './collector.ts';
import { contentSize, Diagram } from './diagram.tsx';
import { JsonView } from './json-view.tsx';
import { ActorMap, type ActorPickerProps } from './map.tsx';
import { SendEventForm } from './send-form.tsx';
import './devtools.css';

/** Where the panel becomes one scrolling column (devtools.css). */
const NARROW = '(max-width: 900px)';

export const SHORTCUT_LABEL = 'Ctrl+Shift+X (⌘⇧X on macOS)';

export interface PanelProps {
  collector: InspectionCollector;
  /** The root actor of the system (listed first). */
  root: AnyActorRef;
  onClose: () => void;
  /** The sessionId to show first (kept by the caller across open/close). */
  initialSelection?: string | null;
  onSelect?: (sessionId: string) => void;
  /** Move focus into the panel when it opens (it does when opened by the shortcut, not on page load). */
  autoFocus?: boolean;
}

interface ListedActor {
  entry: ActorEntry;
  label: string;
  detail: string;
  value: string;
}

function stateValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .map(([key, inner]) => {
        const rest = stateValueText(inner);
        return rest ? `${key}.${rest}` : key;
      })
      .join(', ');
  }
  return '';
}

function toListed(entry: ActorEntry): ListedActor {
  const machine = machineOf(entry.ref);
  const snapshot = entry.ref.getSnapshot() as { value?: unknown; status?: string } | undefined;
  const label = actorLabel(entry.ref);
  return {
    entry,
    label,
    detail: machine ? (machine.id !== label ? machine.id : '') : 'not a machine',
    value: machine ? stateValueText(snapshot?.value) : (snapshot?.status ?? ''),
  };
}

function useCollectorVersion(collector: InspectionCollector): number {
  return useSyncExternalStore(collector.subscribe, collector.getVersion);
}

function ActorList({ collector, root, selected, onSelect }: ActorPickerProps) {
  const version = useCollectorVersion(collector);
  const [filter, setFilter] = useState('');
  const id = useId();
  const groups = useMemo(() => {
    void version;
    const words = filter.trim().toLowerCase();
    const listed = collector
      .liveActors()
      .map(toListed)
      .filter((a) => !words || `${a.label} ${a.detail}`.toLowerCase().includes(words));
    const keyed = listed
      .filter((a) => systemIdOf(a.entry.ref) !== null)
      .sort((a, b) =>
        a.entry.ref === root ? -1 : b.entry.ref === root ? 1 : a.label.localeCompare(b.label),
      );
    const others = listed.filter((a) => systemIdOf(a.entry.ref) === null);
    return { keyed, others };
  }, [collector, version, filter, root]);
  const flat = [...groups.keyed, ...groups.others];
  const optionId = (sessionId: string) => `${id}-${sessionId.replace(/[^\w-]/g, '_')}`;
  const selectedPresent = flat.some((a) => a.entry.ref.sessionId === selected);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = flat.findIndex((a) => a.entry.ref.sessionId === selected);
    let next: number;
    if (event.key === 'ArrowDown') next = Math.min(flat.length - 1, index + 1);
    else if (event.key === 'ArrowUp') next = Math.max(0, index - 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = flat.length - 1;
    else return;
    event.preventDefault();
    const target = flat[next];
    if (target) {
      onSelect(target.entry.ref.sessionId);
      document.getElementById(optionId(target.entry.ref.sessionId))?.scrollIntoView({ block: 'nearest' });
    }
  };

  const option = (actor: ListedActor) => {
    const sessionId = actor.entry.ref.sessionId;
    const isSelected = sessionId === selected;
    return (
      <li
        key={sessionId}
        id={optionId(sessionId)}
        role="option"
        aria-selected={isSelected}
        aria-label={[actor.label, actor.detail && `(${actor.detail})`, actor.value && `— ${actor.value}`]
          .filter(Boolean)
          .join(' ')}
        className="fruit-devtools-option"
        onClick={() => onSelect(sessionId)}
      >
        <span className="fruit-devtools-option-name">{actor.label}</span>
        {actor.detail && <span className="fruit-devtools-option-detail">{actor.detail}</span>}
        {actor.value && <span className="fruit-devtools-option-value">{actor.value}</span>}
      </li>
    );
  };

  return (
    <nav className="fruit-devtools-actors" aria-label="Actors">
      <label className="fruit-devtools-visually-hidden" htmlFor={`${id}-filter`}>
        Filter actors
      </label>
      <input
        id={`${id}-filter`}
        className="fruit-devtools-filter"
        type="search"
        placeholder="Filter actors"
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
      />
      <div
        className="fruit-devtools-listbox"
        role="listbox"
        aria-label="Running actors"
        tabIndex={0}
        aria-activedescendant={selected && selectedPresent ? optionId(selected) : undefined}
        onKeyDown={onKeyDown}
      >
        <ul role="group" aria-labelledby={`${id}-keyed`}>
          <li role="presentation" id={`${id}-keyed`} className="fruit-devtools-group-label">
            By systemId <span className="fruit-devtools-count">{groups.keyed.length}</span>
          </li>
          {groups.keyed.map(option)}
        </ul>
        {groups.others.length > 0 && (
          <ul role="group" aria-labelledby={`${id}-others`}>
            <li role="presentation" id={`${id}-others`} className="fruit-devtools-group-label">
              Other live actors <span className="fruit-devtools-count">{groups.others.length}</span>
            </li>
            {groups.others.map(option)}
          </ul>
        )}
        {flat.length === 0 && <p className="fruit-devtools-muted">No running actor matches “{filter}”.</p>}
      </div>
    </nav>
  );
}

function formatTime(time: number): string {
  const date = new Date(time);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
}

function EventList({ collector, sessionId }: { collector: InspectionCollector; sessionId: string }) {
  const version = useCollectorVersion(collector);
  const events = useMemo<EventRecord[]>(() => {
    void version;
    return collector.eventsOf(sessionId);
  }, [collector, sessionId, version]);
  if (events.length === 0) return <p className="fruit-devtools-muted">No events received yet.</p>;
  return (
    <ol className="fruit-devtools-events" aria-label="Last events, newest first">
      {events.map((event) => (
        <li key={event.seq} className="fruit-devtools-event">
          <div className="fruit-devtools-event-head">
            <code className="fruit-devtools-event-type">{event.type}</code>
            <span className="fruit-devtools-muted">
              {event.source ? `from ${event.source}` : 'from outside'} · <time>{formatTime(event.time)}</time>
            </span>
          </div>
          {event.payload && <JsonView value={event.payload} label={`Payload of ${event.type}`} />}
        </li>
      ))}
    </ol>
  );
}

const noNodes: readonly AnyStateNode[] = [];

function ActorDetails({
  collector,
  entry,
  onWantHeight,
  panelRoom,
}: {
  collector: InspectionCollector;
  entry: ActorEntry;
  onWantHeight: (height: number | null) => void;
  panelRoom: () => { grown: number; free: number };
}) {
  const { ref } = entry;
  const snapshot = useSelector(ref, (s: unknown) => s) as
    | (AnyMachineSnapshot & { _nodes?: readonly AnyStateNode[] })
    | { status?: string; output?: unknown; error?: unknown; context?: unknown };
  const machine = machineOf(ref);
  const label = actorLabel(ref);
  const machineSnapshot = machine
    ? (snapshot as AnyMachineSnapshot & { _nodes?: readonly AnyStateNode[] })
    : null;
  const nodes = machineSnapshot?._nodes ?? noNodes;
  const activeIds = useMemo(() => new Set(nodes.map((node) => node.id)), [nodes]);
  const leaves = nodes
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map((node) => node.path.join('.'));

  return (
    <div className="fruit-devtools-details">
      <header className="fruit-devtools-actor-head">
        <h3 className="fruit-devtools-actor-name">{label}</h3>
        {machine && machine.id !== label && (
          <span className="fruit-devtools-badge">machine {machine.id}</span>
        )}
        <span className={`fruit-devtools-badge fruit-devtools-badge--${snapshot.status ?? 'active'}`}>
          {snapshot.status ?? 'active'}
        </span>
        {machineSnapshot && (
          <p className="fruit-devtools-active">
            Active:{' '}
            <strong>{leaves.length ? leaves.join(', ') : stateValueText(machineSnapshot.value)}</strong>
            {machineSnapshot.tags.size > 0 && (
              <span className="fruit-devtools-muted"> · tags {[...machineSnapshot.tags].join(', ')}</span>
            )}
          </p>
        )}
      </header>
      <div className="fruit-devtools-body">
        <section className="fruit-devtools-chart" aria-label="Statechart">
          {machine ? (
            <Diagram
              machine={machine}
              activeIds={activeIds}
              name={label}
              onWantHeight={onWantHeight}
              panelRoom={panelRoom}
            />
          ) : (
            <p className="fruit-devtools-muted">
              This actor is not a state machine: its snapshot is shown instead.
            </p>
          )}
        </section>
        <div className="fruit-devtools-side">
          <section className="fruit-devtools-section" aria-labelledby={`${ref.sessionId}-send`}>
            <h4 id={`${ref.sessionId}-send`}>Send event</h4>
            <SendEventForm key={ref.sessionId} actor={ref} name={label} snapshot={machineSnapshot} />
          </section>
          <section className="fruit-devtools-section" aria-labelledby={`${ref.sessionId}-context`}>
            <h4 id={`${ref.sessionId}-context`}>{machine ? 'Context' : 'Snapshot'}</h4>
            <JsonView
              value={machine ? machineSnapshot?.context : snapshot}
              label={machine ? `Context of ${label}` : `Snapshot of ${label}`}
            />
          </section>
          <section className="fruit-devtools-section" aria-labelledby={`${ref.sessionId}-events`}>
            <h4 id={`${ref.sessionId}-events`}>Last events</h4>
            <EventList collector={collector} sessionId={ref.sessionId} />
          </section>
        </div>
      </div>
    </div>
  );
}

type View = 'chart' | 'map';
const VIEWS: readonly { id: View; label: string }[] = [
  { id: 'chart', label: 'Statechart' },
  { id: 'map', label: 'Actor map' },
];

/** The docked panel. Escape (with focus inside) or the shortcut closes it. */
export function DevtoolsPanel({
  collector,
  root,
  onClose,
  initialSelection = null,
  onSelect,
  autoFocus = true,
}: PanelProps) {
  const [selected, setSelected] = useState<string | null>(initialSelection);
  const [expanded, setExpanded] = useState(false);
  const [view, setView] = useState<View>('chart');
  const tabsId = useId();
  const version = useCollectorVersion(collector);
  const panelRef = useRef<HTMLElement>(null);
  const entry = useMemo(() => {
    void version;
    const found = selected ? collector.entry(selected) : undefined;
    return found && found.ref.getSnapshot() ? found : undefined;
  }, [collector, selected, version]);

  useEffect(() => {
    if (autoFocus) panelRef.current?.focus();
  }, [autoFocus]);

  // Docked, the panel grows (up to the window's height) when the chart at "Fit" needs the height to be
  // readable; narrow screens (one scrolling column) and "Full height" leave it as it is.
  const { setChartHeight, panelRoom } = usePanelGrowth(panelRef, expanded);

  const select = (sessionId: string) => {
    setSelected(sessionId);
    onSelect?.(sessionId);
  };

  const tabId = (which: View) => `${tabsId}-tab-${which}`;
  const onTabKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = VIEWS.findIndex((v) => v.id === view);
    let next: number;
    if (event.key === 'ArrowRight') next = (index + 1) % VIEWS.length;
    else if (event.key === 'ArrowLeft') next = (index - 1 + VIEWS.length) % VIEWS.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = VIEWS.length - 1;
    else return;
    event.preventDefault();
    const target = VIEWS[next]!.id;
    setView(target);
    document.getElementById(tabId(target))?.focus();
  };

  return (
    <aside
      ref={panelRef}
      className={`fruit-devtools${expanded ? ' fruit-devtools--expanded' : ''}`}
      role="complementary"
      aria-label="Statechart viewer"
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !event.defaultPrevented) {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <header className="fruit-devtools-header">
        <h2 className="fruit-devtools-title">
          <span className="fruit-devtools-logo" aria-hidden="true" />
          Statechart viewer
        </h2>
        <div className="fruit-devtools-tabs" role="tablist" aria-label="View" onKeyDown={onTabKeyDown}>
          {VIEWS.map((v) => (
            <button
              key={v.id}
              id={tabId(v.id)}
              type="button"
              role="tab"
              className="fruit-devtools-tab"
              aria-selected={view === v.id}
              aria-controls={`${tabsId}-panel`}
              tabIndex={view === v.id ? 0 : -1}
              onClick={() => setView(v.id)}
            >
              {v.label}
            </button>
          ))}
        </div>
        <span className="fruit-devtools-muted fruit-devtools-hint">
          {SHORTCUT_LABEL} or Esc to hide · <code>?devtools</code> opens it on load
        </span>
        <button
          type="button"
          className="fruit-devtools-tool"
          aria-pressed={expanded}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? 'Dock' : 'Full height'}
        </button>
        <button
          type="button"
          className="fruit-devtools-close"
          onClick={onClose}
          aria-label="Close statechart viewer"
        >
          ×
        </button>
      </header>
      <div className="fruit-devtools-main">
        <ActorList collector={collector} root={root} selected={selected} onSelect={select} />
        <div
          className="fruit-devtools-view"
          id={`${tabsId}-panel`}
          role="tabpanel"
          aria-labelledby={tabId(view)}
        >
          {view === 'map' ? (
            <section className="fruit-devtools-chart" aria-label="Actors and their messages">
              <ActorMap
                collector={collector}
                root={root}
                selected={selected}
                onSelect={(sessionId) => {
                  select(sessionId);
                  setView('chart');
                }}
              />
            </section>
          ) : entry ? (
            <ActorDetails
              key={entry.ref.sessionId}
              collector={collector}
              entry={entry}
              onWantHeight={setChartHeight}
              panelRoom={panelRoom}
            />
          ) : (
            <div className="fruit-devtools-empty">
              <p>Select an actor to see its statechart, context and last events.</p>
            </div>
          )}
        </div>
      </div>
    </aside>
  );
}

/**
 * Docked, the panel grows (up to the window's height) when the chart at "Fit" needs the height to be
 * readable; narrow screens (one scrolling column) and "Full height" leave it as it is. Answers the setter
 * of the chart's wanted height and the room the chart has (`Diagram`'s `panelRoom`).
 */
function usePanelGrowth(panelRef: RefObject<HTMLElement | null>, expanded: boolean) {
  const [chartHeight, setChartHeight] = useState<number | null>(null);
  const [windowHeight, setWindowHeight] = useState(() => window.innerHeight);
  const canGrow = () => !expanded && !window.matchMedia?.(NARROW).matches;
  // the panel's height before it grew (measured when it last grew)
  const dockedHeight = useRef(0);
  useEffect(() => {
    const onResize = () => setWindowHeight(window.innerHeight);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useLayoutEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    panel.style.removeProperty('height');
    const canvas = panel.querySelector<HTMLElement>('.fruit-devtools-canvas');
    if (chartHeight === null || !canvas || !canGrow()) return;
    const height = panel.getBoundingClientRect().height;
    dockedHeight.current = height;
    const target = Math.min(windowHeight, Math.ceil(height + chartHeight - contentSize(canvas).height));
    if (target > height + 1) panel.style.height = `${target}px`;
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chartHeight, expanded, windowHeight]);
  const panelRoom = useCallback(() => {
    const panel = panelRef.current;
    if (!panel || !canGrow()) return { grown: 0, free: 0 };
    const height = panel.getBoundingClientRect().height;
    const grown = panel.style.height ? Math.max(0, height - dockedHeight.current) : 0;
    return { grown, free: Math.max(0, window.innerHeight - height) };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expanded]);
  return { setChartHeight, panelRoom };
}
