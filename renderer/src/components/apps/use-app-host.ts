/**
 * The host side of one MCP App: reads its `ui://` resource, asks before granting what it
 * wants (camera, microphone…), and once it runs, drives ext-apps' AppBridge over the
 * sandbox transport: the host context, the tool's input and result, and the app's
 * requests (messages, model context, links, downloads, tool calls, display mode, size).
 */
import { AppBridge } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useCallback, useContext, useEffect, useRef, useState } from 'react';
import type { AppPermissions, AppResource } from '../../../../shared/api/apps';
import type { ToolInfo } from '../../../../shared/domain';
import type { ToolRunResult } from '../../../../shared/tool-results';
import { StoreContext, useWorkbench } from '../../state/store';
import { BRIDGE_LOG_LIMIT, type BridgeLogEntry, type CspViolation } from './bridge-log';
import { handleDownload, type DownloadOffer } from './app-downloads';
import { decideAppToolCall, type AppToolRequest } from './app-tool-calls';
import { LinkGate, openAppLink } from './app-links';
import { hostContextOf, initialSettings, type HostSettings } from './host-context';
import { toMcpResult } from './mcp-result';
import { SandboxTransport } from './sandbox-transport';
import { sandboxPageUrl } from './sandbox-url';

type AppPhase = 'loading' | 'consent' | 'running' | 'failed';

/** One question the app made the workbench ask: a tool call, a download, or (once per app session) opening links. */
export type AppPrompt = { id: number; answer(allowed: boolean): void } & (
  | { kind: 'call'; request: AppToolRequest }
  | { kind: 'download'; offer: DownloadOffer }
  | { kind: 'links'; url: string }
);

/** More questions than this waiting: the app is flooding, and the rest are refused at once. */
const MAX_APP_PROMPTS = 20;

/** What the app said: ui/message, its model context, its log lines, and the host's own notes. */
export interface AppNote {
  seq: number;
  kind: 'message' | 'log' | 'note';
  text: string;
}

export interface AppHost {
  phase: AppPhase;
  error?: string;
  resource?: AppResource;
  /** The sandbox page's URL with the app's CSP; set once the user has decided about permissions. */
  frameUrl?: string;
  sandboxOrigin?: string;
  /** The permissions the user granted (empty when none were asked for or all were refused). */
  granted: AppPermissions;
  settings: HostSettings;
  setSettings(patch: Partial<HostSettings>): void;
  /** The height the app asked for (ui/notifications/size-changed), offered to the user. */
  appHeight?: number;
  initialized: boolean;
  log: BridgeLogEntry[];
  violations: CspViolation[];
  notes: AppNote[];
  modelContext?: string;
  /** What the app asked that waits for the user, oldest first; the first is shown, each gets its own answer. */
  prompts: AppPrompt[];
  decidePermissions(allow: boolean): void;
  attach(frame: HTMLIFrameElement | null): void;
  clearLog(): void;
}

interface Options {
  tool: ToolInfo;
  args: Record<string, unknown>;
  result?: ToolRunResult;
  cancelled?: boolean;
}

let seq = 0;
const next = () => ++seq;

export function useAppHost({ tool, args, result, cancelled }: Options): AppHost {
  const api = useWorkbench((s) => s.api);
  const store = useContext(StoreContext);
  const [phase, setPhase] = useState<AppPhase>('loading');
  const [error, setError] = useState<string>();
  const [resource, setResource] = useState<AppResource>();
  const [sandboxUrl, setSandboxUrl] = useState<string>();
  const [granted, setGranted] = useState<AppPermissions>({});
  const [settings, setSettingsState] = useState<HostSettings>(initialSettings);
  const [appHeight, setAppHeight] = useState<number>();
  const [initialized, setInitialized] = useState(false);
  const [log, setLog] = useState<BridgeLogEntry[]>([]);
  const [violations, setViolations] = useState<CspViolation[]>([]);
  const [notes, setNotes] = useState<AppNote[]>([]);
  const [modelContext, setModelContext] = useState<string>();
  const [prompts, setPrompts] = useState<AppPrompt[]>([]);
  const [frame, setFrame] = useState<HTMLIFrameElement | null>(null);
  const bridgeRef = useRef<AppBridge | undefined>(undefined);
  const settingsRef = useRef(settings);
  settingsRef.current = settings;

  const note = useCallback((kind: AppNote['kind'], text: string) => setNotes((list) => [...list.slice(-199), { seq: next(), kind, text }]), []);
  const server = tool.server;
  const uri = tool.ui?.resourceUri;

  // Load: the sandbox's address and the app's resource.
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        if (!uri) throw new Error('The tool names no app.');
        const [sandbox, app] = await Promise.all([api.getAppSandbox(), api.readAppResource({ server, uri })]);
        if (!live) return;
        if (!sandbox.url) throw new Error(sandbox.reason ?? 'Apps cannot be shown here.');
        setSandboxUrl(sandbox.url);
        setResource(app);
        setPhase(Object.values(app.permissions).some(Boolean) ? 'consent' : 'running');
      } catch (loadError) {
        if (!live) return;
        setError((loadError as Error).message);
        setPhase('failed');
      }
    })();
    return () => {
      live = false;
    };
  }, [api, server, uri]);

  const decidePermissions = useCallback(
    (allow: boolean) => {
      if (!resource) return;
      setGranted(allow ? resource.permissions : {});
      note('note', allow ? `Granted: ${Object.keys(resource.permissions).join(', ')}.` : 'Permissions refused: the app runs without them.');
      setPhase('running');
    },
    [resource, note],
  );

  const sandboxOrigin = sandboxUrl ? new URL(sandboxUrl).origin : undefined;
  const frameUrl = phase === 'running' && sandboxUrl && resource ? sandboxPageUrl(sandboxUrl, window.location.origin, resource.csp) : undefined;

  // The bridge lives as long as the frame: made before the sandbox page can say it is ready.
  useEffect(() => {
    if (!frame || !resource || !sandboxOrigin) return;
    // The spec writes each granted permission as an empty object ({ camera: {} }).
    const permissions = Object.fromEntries(Object.entries(granted).filter(([, on]) => on).map(([name]) => [name, {}]));
    const bridge = new AppBridge(
      null,
      { name: 'MCP Workbench', version: '1' },
      {
        openLinks: {},
        downloadFile: {},
        serverTools: {},
        logging: {},
        message: { text: {} },
        updateModelContext: { text: {} },
        sandbox: { permissions, csp: resource.csp },
      },
      { hostContext: hostContextOf(settingsRef.current, tool) },
    );
    const transport = new SandboxTransport({
      frame: () => frame.contentWindow,
      sandboxOrigin,
      onLog: (entry) => setLog((list) => [...list.slice(-(BRIDGE_LOG_LIMIT - 1)), { ...entry, seq: next() }]),
      onCspViolation: (violation) => setViolations((list) => [...list.slice(-199), { ...violation, seq: next() }]),
    });
    // Each question is its own entry with its own answer: a later request waits behind the
    // one shown and can never replace it under the user's click.
    const waiting = new Map<number, (allowed: boolean) => void>();
    const ask = (prompt: DistributiveOmit<AppPrompt, 'id' | 'answer'>): Promise<boolean> =>
      new Promise<boolean>((resolve) => {
        if (waiting.size >= MAX_APP_PROMPTS) {
          note('note', `Refused: the app has ${MAX_APP_PROMPTS} questions waiting already.`);
          return resolve(false);
        }
        const id = next();
        const answer = (allowed: boolean) => {
          if (!waiting.delete(id)) return;
          setPrompts((list) => list.filter((p) => p.id !== id));
          resolve(allowed);
        };
        waiting.set(id, answer);
        setPrompts((list) => [...list, { ...prompt, id, answer } as AppPrompt]);
      });
    const links = new LinkGate((url) => ask({ kind: 'links', url }));
    bridge.onsandboxready = () => void bridge.sendSandboxResourceReady({ html: resource.html, csp: resource.csp, permissions });
    bridge.oninitialized = () => setInitialized(true);
    bridge.onmessage = async (params) => {
      note('message', textOf(params.content));
      return {};
    };
    bridge.onupdatemodelcontext = async (params) => {
      setModelContext([textOf(params.content ?? []), params.structuredContent ? JSON.stringify(params.structuredContent) : ''].filter(Boolean).join('\n'));
      return {};
    };
    bridge.onloggingmessage = (params) => note('log', `${params.level}: ${typeof params.data === 'string' ? params.data : JSON.stringify(params.data)}`);
    bridge.onopenlink = async ({ url }) => {
      const verdict = await links.admit(url);
      const outcome = verdict.ok ? await openAppLink(api, url) : verdict;
      note('note', outcome.ok ? `Opened ${url}` : `Refused to open ${String(url).slice(0, 200)}: ${outcome.reason}`);
      return outcome.ok ? {} : { isError: true };
    };
    bridge.ondownloadfile = async ({ contents }) => {
      const offer = { contents };
      if (!(await ask({ kind: 'download', offer }))) {
        note('note', 'Download refused.');
        return { isError: true };
      }
      const outcome = await handleDownload(api, offer);
      note('note', outcome.message);
      return outcome.ok ? {} : { isError: true };
    };
    bridge.oncalltool = async (params) => {
      const request: AppToolRequest = { server, tool: params.name, arguments: (params.arguments ?? {}) as Record<string, unknown> };
      const verdict = await decideAppToolCall(store, request);
      if (verdict.decision === 'deny') {
        note('note', `Refused the app's call of ${params.name}: ${verdict.reason}`);
        return { content: [{ type: 'text', text: verdict.reason }], isError: true };
      }
      if (verdict.decision === 'ask') {
        const allowed = await ask({ kind: 'call', request: { ...request, reason: verdict.reason } });
        if (!allowed) {
          note('note', `You refused the app's call of ${params.name}.`);
          return { content: [{ type: 'text', text: 'The user refused this call.' }], isError: true };
        }
      }
      note('note', `The app called ${params.name}.`);
      const run = await api.callTool({ server, tool: params.name, arguments: request.arguments, ...(verdict.decision === 'ask' ? { confirmed: true } : {}) });
      return toMcpResult(run) as never;
    };
    bridge.onrequestdisplaymode = async ({ mode }) => {
      setSettingsState((current) => ({ ...current, displayMode: mode }));
      return { mode };
    };
    bridge.onsizechange = ({ height }) => {
      if (typeof height === 'number' && Number.isFinite(height)) setAppHeight(Math.max(40, Math.min(4000, Math.round(height))));
    };
    bridge.onrequestteardown = () => note('note', 'The app asked to be closed.');
    bridge.onerror = (bridgeError) => note('note', `Bridge: ${bridgeError.message}`);
    bridgeRef.current = bridge;
    void bridge.connect(transport).catch((connectError: Error) => note('note', `Bridge: ${connectError.message}`));
    return () => {
      bridgeRef.current = undefined;
      setInitialized(false);
      // Every question still waiting gets its answer: refused, the app is going away.
      for (const answer of [...waiting.values()]) answer(false);
      void bridge.close().catch(() => undefined);
    };
    // The bridge is built once per frame and resource; later changes travel as host-context updates.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- see the line above: a new bridge only for a new frame or resource
  }, [frame, resource, sandboxOrigin]);

  // The tool's input once the app is ready, then its result (or its cancellation) when it comes.
  useEffect(() => {
    const bridge = bridgeRef.current;
    if (!initialized || !bridge) return;
    void bridge.sendToolInputPartial({ arguments: args }).then(() => bridge.sendToolInput({ arguments: args }));
  }, [initialized, args]);
  useEffect(() => {
    const bridge = bridgeRef.current;
    if (!initialized || !bridge) return;
    if (result) void bridge.sendToolResult(toMcpResult(result) as never);
    else if (cancelled) void bridge.sendToolCancelled({ reason: 'The user cancelled the call.' });
  }, [initialized, result, cancelled]);
  // Controls and display mode changes reach the app as host-context-changed.
  useEffect(() => {
    bridgeRef.current?.setHostContext(hostContextOf(settings, tool));
  }, [settings, tool]);

  return {
    phase,
    ...(error ? { error } : {}),
    ...(resource ? { resource } : {}),
    ...(frameUrl ? { frameUrl } : {}),
    ...(sandboxOrigin ? { sandboxOrigin } : {}),
    granted,
    settings,
    setSettings: (patch) => setSettingsState((current) => ({ ...current, ...patch })),
    ...(appHeight ? { appHeight } : {}),
    initialized,
    log,
    violations,
    notes,
    ...(modelContext !== undefined ? { modelContext } : {}),
    prompts,
    decidePermissions,
    attach: setFrame,
    clearLog: () => setLog([]),
  };
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function textOf(content: readonly unknown[]): string {
  return content
    .map((block) => {
      const b = block as { type?: unknown; text?: unknown };
      return b.type === 'text' && typeof b.text === 'string' ? b.text : `[${String(b.type)}]`;
    })
    .join('\n');
}
