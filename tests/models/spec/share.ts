// The "Share" button of a prompt's page (requirements §C5): it makes a short link <origin>/s/<id> (the
// member's own referral link or an anonymous one), copies it and says so in a toast (requirements §2
// Toasts: success green, error red). While the link is made or copied the button is busy, and a
// second press does nothing. A link that cannot be made says so in a red toast; a clipboard that
// refuses shows the link, selected, for the person to copy ("Close" hides it, "Share" starts over).
import type { EffectCall, SpecModel, SpecStep } from '../../support/spec-model.ts';

export type SharePhase = 'idle' | 'creating' | 'copying' | 'manualCopy';

export interface ShareState {
  phase: SharePhase;
  promptId: number | null;
  /** The link made for this press, once made. */
  url: string | null;
  /** The toasts shown, in order. */
  toasts: { kind: string; message: string }[];
}

export const SHARE_URLS: Record<number, string> = {
  7: 'http://localhost:3000/s/Ab12Cd34',
  9: 'http://localhost:3000/s/Zz98Yy76',
};

export const shareSpec = (): SpecModel<ShareState> => {
  const next = (s: ShareState, step: SpecStep): ShareState => {
    if ('send' in step) {
      if (step.send.type === 'share.request' && (s.phase === 'idle' || s.phase === 'manualCopy'))
        return { ...s, phase: 'creating', promptId: step.send.promptId as number, url: null };
      if (step.send.type === 'share.dismiss' && s.phase === 'manualCopy') return { ...s, phase: 'idle' };
      return s;
    }
    if ('wait' in step) return s;
    if (s.phase === 'creating')
      return 'settle' in step
        ? { ...s, phase: 'copying', url: (step.output as { url: string }).url }
        : {
            ...s,
            phase: 'idle',
            toasts: [
              ...s.toasts,
              { kind: 'error', message: 'The share link could not be created. Please try again.' },
            ],
          };
    if (s.phase === 'copying')
      return 'settle' in step
        ? {
            ...s,
            phase: 'idle',
            toasts: [...s.toasts, { kind: 'success', message: 'Share link copied to your clipboard' }],
          }
        : { ...s, phase: 'manualCopy' };
    return s;
  };
  return {
    name: 'share',
    spec: 'requirements §C5 (the Share button), requirements §2 Toasts',
    initial: { phase: 'idle', promptId: null, url: null, toasts: [] },
    steps: (s) => [
      { send: { type: 'share.request', promptId: s.promptId === 7 ? 9 : 7 } },
      { send: { type: 'share.dismiss' } },
      ...(s.phase === 'creating'
        ? [
            { settle: 'createShareLink', output: { url: SHARE_URLS[s.promptId!] } },
            { fail: 'createShareLink', error: new Error('offline') },
          ]
        : []),
      ...(s.phase === 'copying'
        ? [{ settle: 'copyText' }, { fail: 'copyText', error: new Error('NotAllowedError') }]
        : []),
    ],
    next,
    expect: (s) => ({
      busy: s.phase === 'creating' || s.phase === 'copying',
      manualUrl: s.phase === 'manualCopy' ? s.url : null,
      toasts: s.toasts,
    }),
    calls: (before, _step, after): EffectCall[] => {
      if (after.phase === 'creating' && before.phase !== 'creating')
        return [{ actor: 'createShareLink', input: { promptId: after.promptId } }];
      if (after.phase === 'copying' && before.phase !== 'copying')
        return [{ actor: 'copyText', input: { text: after.url } }];
      return [];
    },
    label: (s) =>
      `${s.phase}${s.promptId ? ` #${s.promptId}` : ''}${s.toasts.length ? ` [${s.toasts.map((t) => t.kind).join(', ')}]` : ''}`,
    maxDepth: 6,
  };
};
