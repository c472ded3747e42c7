/**
 * The Load tab's set-up: what to call (one tool with JSON arguments, or a collection's tool
 * steps as a weighted mix), how many clients with how many calls in flight each, the bound
 * (a duration or a number of calls), an optional rate, the profile, budgets, and the two
 * consents the rails ask for (a server not on this machine; tools not marked read-only).
 * Every field is checked here first, with the problem said beside it; the core checks again.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { DATA_FILE_NAME, type LoadRunRequest } from '../../../../shared/api/load';
import type { ServerView } from '../../../../shared/domain';
import { LOAD_LIMITS } from '../../../../shared/load-report';
import { Field } from '../Field';
import { useWorkbench } from '../../state/store';

const PROFILES = [
  ['constant', 'Constant: every slot from start to end'],
  ['ramp', 'Ramp: from one slot to all of them'],
  ['spike', 'Spike: a tenth, then all for the middle fifth'],
  ['soak', 'Soak: constant, read for the memory trend'],
] as const;

interface Props {
  server: ServerView;
  busy: boolean;
  /** A run of this server is going: one at a time per tab. */
  running: boolean;
  presetCollection?: string | undefined;
  onStart(request: LoadRunRequest, label: string): void;
}

/** A server on another machine (any URL whose host is not loopback). */
function isRemote(server: ServerView): boolean {
  const url = 'url' in server.config ? (server.config as { url?: unknown }).url : undefined;
  if (typeof url !== 'string') return false;
  try {
    return !/^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

function wholeNumber(text: string, min: number, max: number): number | undefined {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max ? value : undefined;
}

export function LoadForm({ server, busy, running, presetCollection, onStart }: Props) {
  const id = useId();
  const tools = useWorkbench((s) => s.toolsByServer[server.name]?.tools);
  const loadTools = useWorkbench((s) => s.loadTools);
  const collections = useWorkbench((s) => s.collectionFiles);
  const loadCollections = useWorkbench((s) => s.loadCollections);
  const [kind, setKind] = useState<'tool' | 'collection'>(presetCollection ? 'collection' : 'tool');
  const [tool, setTool] = useState('');
  const [args, setArgs] = useState('{}');
  const [collection, setCollection] = useState(presetCollection ?? '');
  const [dataFile, setDataFile] = useState('');
  const [clients, setClients] = useState('1');
  const [concurrency, setConcurrency] = useState('4');
  const [bound, setBound] = useState<'duration' | 'requests'>('duration');
  const [seconds, setSeconds] = useState('30');
  const [requests, setRequests] = useState('1000');
  const [rate, setRate] = useState('');
  const [profile, setProfile] = useState('constant');
  const [budgets, setBudgets] = useState('');
  const [allowDestructive, setAllowDestructive] = useState(false);
  const [allowRemote, setAllowRemote] = useState(false);
  const [churn, setChurn] = useState('');
  const [tried, setTried] = useState(false);
  const remote = isRemote(server);
  // Session churn is for servers reached over the network: a stdio server's session is its process.
  const sessions = 'url' in server.config;

  useEffect(() => {
    if (server.status === 'connected' && !tools) void loadTools(server.name);
  }, [server.status, server.name, tools, loadTools]);
  useEffect(() => {
    if (collections.status === 'idle') void loadCollections();
  }, [collections.status, loadCollections]);
  useEffect(() => {
    if (presetCollection) {
      setKind('collection');
      setCollection(presetCollection);
    }
  }, [presetCollection]);

  const chosenTool = tools?.find((candidate) => candidate.name === tool);
  const notReadOnly = kind === 'tool' && chosenTool !== undefined && chosenTool.annotations?.readOnlyHint !== true;
  let parsedArgs: Record<string, unknown> | undefined;
  let argsError: string | undefined;
  try {
    const value: unknown = JSON.parse(args.trim() === '' ? '{}' : args);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) argsError = 'The arguments are a JSON object, e.g. {"city": "Oslo"}.';
    else parsedArgs = value as Record<string, unknown>;
  } catch (error) {
    argsError = `Not valid JSON: ${(error as Error).message}`;
  }
  const errors = {
    workload: kind === 'tool' ? (tool.trim() === '' ? 'Choose the tool to call.' : undefined) : collection === '' ? 'Choose a collection.' : undefined,
    args: kind === 'tool' ? argsError : undefined,
    clients: wholeNumber(clients, 1, LOAD_LIMITS.maxClients) === undefined ? `A whole number from 1 to ${LOAD_LIMITS.maxClients}.` : undefined,
    concurrency: wholeNumber(concurrency, 1, LOAD_LIMITS.maxConcurrency) === undefined ? `A whole number from 1 to ${LOAD_LIMITS.maxConcurrency}.` : undefined,
    seconds: bound === 'duration' && (Number.isNaN(Number(seconds)) || Number(seconds) < 1 || Number(seconds) > 86_400 || seconds.trim() === '') ? 'From 1 to 86 400 seconds (24 h).' : undefined,
    requests: bound === 'requests' && wholeNumber(requests, 1, LOAD_LIMITS.maxRequests) === undefined ? 'A whole number of calls, at least 1.' : undefined,
    rate: rate.trim() !== '' && !(Number(rate) > 0) ? 'Calls per second, more than 0 (or empty for no limit).' : undefined,
    remote: remote && !allowRemote ? 'Confirm that this server is yours to load.' : undefined,
    data: kind === 'collection' && dataFile.trim() !== '' && !DATA_FILE_NAME.test(dataFile.trim()) ? 'The name of a .csv or .json file in the collections folder, e.g. rows.csv.' : undefined,
    churn: sessions && churn.trim() !== '' && wholeNumber(churn, 1, LOAD_LIMITS.maxRequests) === undefined ? 'A whole number of calls, at least 1 (or empty: one session per client).' : undefined,
  };
  const invalid = Object.values(errors).some(Boolean);
  const shown = (error: string | undefined) => (tried ? error : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (invalid || busy || running) return;
    const request: LoadRunRequest = {
      server: server.name,
      workload: kind === 'tool' ? { tool: tool.trim(), arguments: parsedArgs ?? {} } : { collection, ...(dataFile.trim() !== '' ? { data: dataFile.trim() } : {}) },
      clients: Number(clients),
      concurrency: Number(concurrency),
      ...(bound === 'duration' ? { durationMs: Math.round(Number(seconds) * 1000) } : { requests: Number(requests) }),
      ...(rate.trim() !== '' ? { rate: Number(rate) } : {}),
      profile,
      ...(budgets.trim() !== '' ? { budgets: budgets.trim() } : {}),
      ...(allowDestructive ? { allowDestructive: true } : {}),
      ...(remote && allowRemote ? { allowRemote: true } : {}),
      ...(sessions && churn.trim() !== '' ? { churn: Number(churn) } : {}),
    };
    onStart(request, kind === 'tool' ? tool.trim() : (collections.files.find((file) => file.file === collection)?.collection?.name ?? collection));
  };

  const usable = collections.files.filter((file) => file.collection);
  return (
    <form className="load-form" aria-label="Load test set-up" onSubmit={submit} noValidate>
      <fieldset className="load-kind">
        <legend>What to call</legend>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'tool'} onChange={() => setKind('tool')} /> One tool
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={kind === 'collection'} onChange={() => setKind('collection')} /> A collection (its tool steps as a weighted mix)
        </label>
      </fieldset>
      {kind === 'tool' ? (
        <div className="load-row">
          <Field id={`${id}-tool`} label="Tool" error={shown(errors.workload)}>
            <input id={`${id}-tool`} list={`${id}-tools`} value={tool} onChange={(event) => setTool(event.target.value)} autoComplete="off" />
          </Field>
          <datalist id={`${id}-tools`}>
            {tools?.map((candidate) => (
              <option key={candidate.name} value={candidate.name} />
            ))}
          </datalist>
          <Field id={`${id}-args`} label="Arguments (JSON)" error={shown(errors.args)}>
            <textarea id={`${id}-args`} rows={2} value={args} onChange={(event) => setArgs(event.target.value)} spellCheck={false} />
          </Field>
        </div>
      ) : (
        <div className="load-row">
        <Field
          id={`${id}-collection`}
          label="Collection"
          error={shown(errors.workload)}
          hint={usable.length === 0 ? 'No usable collection in the project: make one in the Collections tab (tool steps; weight: sets each step\'s share).' : undefined}
        >
          <select id={`${id}-collection`} value={collection} onChange={(event) => setCollection(event.target.value)}>
            <option value="">Choose…</option>
            {usable.map((file) => (
              <option key={file.file} value={file.file}>
                {file.collection!.name} ({file.file})
              </option>
            ))}
          </select>
        </Field>
        <Field id={`${id}-data`} label="Data file (optional)" error={shown(errors.data)} hint={'A .csv (with a header line) or .json file of the collections folder: its rows fill ${data.<column>}, one per call in turn.'}>
          <input id={`${id}-data`} value={dataFile} onChange={(event) => setDataFile(event.target.value)} placeholder="rows.csv" spellCheck={false} />
        </Field>
        </div>
      )}
      <div className="load-row">
        <Field id={`${id}-clients`} label="Clients" error={shown(errors.clients)} hint="Each its own connection; for stdio, its own server process.">
          <input id={`${id}-clients`} type="number" min={1} max={LOAD_LIMITS.maxClients} value={clients} onChange={(event) => setClients(event.target.value)} />
        </Field>
        <Field id={`${id}-concurrency`} label="In flight per client" error={shown(errors.concurrency)}>
          <input id={`${id}-concurrency`} type="number" min={1} max={LOAD_LIMITS.maxConcurrency} value={concurrency} onChange={(event) => setConcurrency(event.target.value)} />
        </Field>
        <Field id={`${id}-rate`} label="At most, calls per second" error={shown(errors.rate)} hint="Empty: as fast as the server answers.">
          <input id={`${id}-rate`} type="number" min={0} value={rate} onChange={(event) => setRate(event.target.value)} />
        </Field>
        {sessions && (
          <Field id={`${id}-churn`} label="New session every (calls)" error={shown(errors.churn)} hint="Empty: one session per client. Each client opens a new session after this many calls; the time one takes is reported apart.">
            <input id={`${id}-churn`} type="number" min={1} value={churn} onChange={(event) => setChurn(event.target.value)} />
          </Field>
        )}
      </div>
      <div className="load-row">
        <fieldset className="load-bound">
          <legend>Ends after</legend>
          <label>
            <input type="radio" name={`${id}-bound`} checked={bound === 'duration'} onChange={() => setBound('duration')} /> a duration
          </label>
          <label>
            <input type="radio" name={`${id}-bound`} checked={bound === 'requests'} onChange={() => setBound('requests')} /> a number of calls
          </label>
        </fieldset>
        {bound === 'duration' ? (
          <Field id={`${id}-seconds`} label="Seconds" error={shown(errors.seconds)}>
            <input id={`${id}-seconds`} type="number" min={1} max={86_400} value={seconds} onChange={(event) => setSeconds(event.target.value)} />
          </Field>
        ) : (
          <Field id={`${id}-requests`} label="Calls" error={shown(errors.requests)}>
            <input id={`${id}-requests`} type="number" min={1} value={requests} onChange={(event) => setRequests(event.target.value)} />
          </Field>
        )}
        <Field id={`${id}-profile`} label="Profile">
          <select id={`${id}-profile`} value={profile} onChange={(event) => setProfile(event.target.value)}>
            {PROFILES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={`${id}-budgets`} label="Budgets (optional)" hint={'For example p95<=200ms,p99<=500ms,errors<=0.5%,throughput>=50/s; a missed budget is marked on the run.'}>
        <input id={`${id}-budgets`} value={budgets} onChange={(event) => setBudgets(event.target.value)} spellCheck={false} />
      </Field>
      <label className="load-consent">
        <input type="checkbox" checked={allowDestructive} onChange={(event) => setAllowDestructive(event.target.checked)} /> Allow tools that are not marked read-only (they will be called many times)
      </label>
      {notReadOnly && !allowDestructive && (
        <p className="field-hint load-warning">
          {tool} is {chosenTool?.annotations?.destructiveHint ? 'marked destructive' : 'not marked read-only'}: the run is refused unless you allow it, against a test server with test data.
        </p>
      )}
      {remote && (
        <>
          <label className="load-consent">
            <input type="checkbox" checked={allowRemote} onChange={(event) => setAllowRemote(event.target.checked)} /> {server.name} is not on this machine: it is mine to load
          </label>
          {shown(errors.remote) && (
            <p className="field-error" role="alert">
              {errors.remote}
            </p>
          )}
        </>
      )}
      <div className="load-actions">
        <button type="submit" className="primary" disabled={busy || running}>
          {busy ? 'Starting…' : 'Start load test'}
        </button>
        {running && <span className="muted">A run is going: stop it, or wait for its end, to start another.</span>}
        {tried && invalid && <span className="field-error">Fix the fields marked above.</span>}
      </div>
    </form>
  );
}
