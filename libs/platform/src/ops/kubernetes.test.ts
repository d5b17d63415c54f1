// The Kubernetes manifests (infra/k8s), checked without a cluster: the example overlay renders
// (through a small reader of the kustomize features the files use, and through `kubectl kustomize`
// too when kubectl is installed, which must agree), every reference resolves (ConfigMaps, Secrets,
// Services, ports, service accounts, autoscaler and budget targets), the probes are the paths and
// port the apps serve, every variable a container gets is one its app (or set-up script) reads, the
// commands are modes of the image's entrypoint, and the backends are pinned charts.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, parse } from 'yaml';
import { APP_ENV, appEnvVariables, loadAppEnv, type AppName } from '../config/index.js';
import { PROBE_PATHS } from '../metrics/probes.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const K8S = path.join(root, 'infra/k8s');
const OVERLAY = path.join(K8S, 'overlays/example');

interface Meta {
  name: string;
  namespace?: string;
  labels?: Record<string, string>;
}
interface EnvFrom {
  configMapRef?: { name: string; optional?: boolean };
  secretRef?: { name: string; optional?: boolean };
}
interface Container {
  name: string;
  image: string;
  args?: string[];
  command?: string[];
  env?: { name: string; value?: string }[];
  envFrom?: EnvFrom[];
  ports?: { name?: string; containerPort: number }[];
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  livenessProbe?: { httpGet?: { path: string; port: string | number } };
  readinessProbe?: { httpGet?: { path: string; port: string | number } };
  startupProbe?: { httpGet?: { path: string; port: string | number } };
  volumeMounts?: { name: string; mountPath: string }[];
}
interface PodSpec {
  containers: Container[];
  initContainers?: Container[];
  volumes?: { name: string; configMap?: { name: string }; secret?: { secretName: string } }[];
  serviceAccountName?: string;
  terminationGracePeriodSeconds?: number;
}
interface Resource {
  apiVersion: string;
  kind: string;
  metadata: Meta;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each kind has its own spec; the tests read what they check
  spec?: any;
  roleRef?: { kind: string; name: string };
  subjects?: { kind: string; name: string; namespace?: string }[];
}

interface Kustomization {
  namespace?: string;
  resources?: string[];
  images?: { name: string; newName?: string; newTag?: string }[];
  configMapGenerator?: { name: string; files: string[]; options?: { labels?: Record<string, string> } }[];
  helmCharts?: { name: string; repo: string; version: string; releaseName: string; namespace?: string; valuesInline?: Record<string, unknown> }[];
}

const CLUSTER_WIDE = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding']);

/**
 * The kustomize features these files use, no more: resources (files and folders), namespace,
 * images, and configMapGenerator from files (without the content hash kustomize appends to names).
 */
function render(dir: string): Resource[] {
  const file = path.join(dir, 'kustomization.yaml');
  if (!existsSync(file)) throw new Error(`no kustomization.yaml in ${path.relative(root, dir)}`);
  const k = parse(readFileSync(file, 'utf8')) as Kustomization;
  const out: Resource[] = [];
  for (const entry of k.resources ?? []) {
    const target = path.resolve(dir, entry);
    if (!existsSync(target)) throw new Error(`${path.relative(root, file)}: resource ${entry} does not exist`);
    if (statSync(target).isDirectory()) out.push(...render(target));
    else out.push(...parseAllDocuments(readFileSync(target, 'utf8')).map((doc) => doc.toJS() as Resource).filter(Boolean));
  }
  for (const generator of k.configMapGenerator ?? []) {
    const data: Record<string, string> = {};
    for (const f of generator.files) {
      const source = path.resolve(dir, f);
      if (!source.startsWith(dir + path.sep)) throw new Error(`${path.relative(root, file)}: ${f} is outside the kustomization's folder (kustomize refuses it)`);
      data[path.basename(f)] = readFileSync(source, 'utf8');
    }
    out.push({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: generator.name, labels: generator.options?.labels }, data });
  }
  for (const resource of out) {
    if (k.namespace && !CLUSTER_WIDE.has(resource.kind)) resource.metadata.namespace = k.namespace;
    if (k.namespace && resource.kind === 'RoleBinding') for (const s of resource.subjects ?? []) if (s.kind === 'ServiceAccount') s.namespace ??= k.namespace;
    for (const container of podSpec(resource) ? [...podSpec(resource)!.containers, ...(podSpec(resource)!.initContainers ?? [])] : []) {
      const image = k.images?.find((i) => container.image === i.name || container.image.startsWith(`${i.name}:`));
      if (image) container.image = `${image.newName ?? image.name}:${image.newTag ?? 'latest'}`;
    }
  }
  return out;
}

function podSpec(resource: Resource): PodSpec | undefined {
  if (resource.kind === 'Deployment' || resource.kind === 'Job') return resource.spec?.template?.spec as PodSpec;
  return undefined;
}

function podLabels(resource: Resource): Record<string, string> {
  return (resource.spec?.template?.metadata?.labels ?? {}) as Record<string, string>;
}

const matches = (selector: Record<string, string>, labels: Record<string, string>) => Object.entries(selector).every(([k, v]) => labels[k] === v);

const resources = render(OVERLAY);
const of = (kind: string) => resources.filter((r) => r.kind === kind);
const named = (kind: string, name: string) => resources.find((r) => r.kind === kind && r.metadata.name === name);
const deployments = of('Deployment');
const jobs = of('Job');
const APP_NAMES = Object.keys(APP_ENV) as AppName[];
const entrypoint = readFileSync(path.join(root, 'infra/docker/entrypoint.sh'), 'utf8');
const withSchema = readdirSync(path.join(root, 'services')).filter((s) => existsSync(path.join(root, 'services', s, 'prisma/schema.prisma')));

/** Every variable a container gets, with its value: env, then each ConfigMap and Secret it takes whole. */
function environment(container: Container): Map<string, string> {
  const env = new Map<string, string>();
  for (const from of container.envFrom ?? []) {
    const ref = from.configMapRef ?? from.secretRef;
    const source = from.configMapRef ? named('ConfigMap', ref!.name) : named('Secret', ref!.name);
    if (!source) continue;
    for (const [k, v] of Object.entries({ ...source.data, ...source.stringData })) env.set(k, String(v));
  }
  for (const e of container.env ?? []) env.set(e.name, e.value ?? '');
  return env;
}

/** The variables a set-up script reads (`env.NAME` after `const env = process.env`, or `process.env.NAME`). */
function scriptReads(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...new Set([...text.matchAll(/\b(?:process\.)?env\.([A-Z][A-Z0-9_]*)/g)].map((m) => m[1]))];
}

describe('infra/k8s (Kustomize)', () => {
  test('the example overlay renders: every resource exists and parses, and kubectl kustomize (when installed) renders the same objects', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual([...APP_NAMES].sort());
    expect(resources.every((r) => r.metadata.namespace === 'mboa' || CLUSTER_WIDE.has(r.kind))).toBe(true);
    const kubectl = spawnSync('kubectl', ['kustomize', OVERLAY], { encoding: 'utf8' });
    if (kubectl.error) return console.warn('[k8s] kubectl not installed: rendered with the test\'s own reader only');
    expect(kubectl.stderr).toBe('');
    const theirs = parseAllDocuments(kubectl.stdout).map((doc) => doc.toJS() as Resource);
    // kustomize appends a content hash to generated names, and rewrites the references to match.
    const key = (r: Resource) => `${r.kind}/${r.metadata.name.replace(/^(mboa-setup-scripts)-[a-z0-9]{10}$/, '$1')}`;
    expect(theirs.map(key).sort()).toEqual(resources.map(key).sort());
    const scripts = theirs.find((r) => r.kind === 'ConfigMap' && r.metadata.name.startsWith('mboa-setup-scripts-'))!.metadata.name;
    for (const job of theirs.filter((r) => r.kind === 'Job' && r.metadata.labels?.['app.kubernetes.io/component'] === 'setup')) {
      expect((job.spec.template.spec as PodSpec).volumes?.find((v) => v.name === 'scripts')?.configMap?.name).toBe(scripts);
    }
  });

  test('every ConfigMap, Secret, service account and volume a pod names exists (optional Secrets excepted)', () => {
    for (const workload of [...deployments, ...jobs]) {
      const spec = podSpec(workload)!;
      for (const container of [...spec.containers, ...(spec.initContainers ?? [])]) {
        for (const from of container.envFrom ?? []) {
          const ref = (from.configMapRef ?? from.secretRef)!;
          if (ref.optional) continue;
          const found = from.configMapRef ? named('ConfigMap', ref.name) : named('Secret', ref.name);
          expect({ workload: workload.metadata.name, ref: ref.name, exists: Boolean(found) }).toEqual({ workload: workload.metadata.name, ref: ref.name, exists: true });
        }
        for (const mount of container.volumeMounts ?? []) expect(spec.volumes?.some((v) => v.name === mount.name)).toBe(true);
      }
      for (const volume of spec.volumes ?? []) {
        if (volume.configMap) expect({ volume: volume.configMap.name, exists: Boolean(named('ConfigMap', volume.configMap.name)) }).toEqual({ volume: volume.configMap.name, exists: true });
      }
      if (spec.serviceAccountName) expect(named('ServiceAccount', spec.serviceAccountName)).toBeDefined();
    }
    // The one Secret made at run time: listings mounts what the search-keys Job writes.
    const listings = podSpec(named('Deployment', 'listings')!)!;
    const keys = listings.volumes!.find((v) => v.secret)!.secret!.secretName;
    const store = podSpec(named('Job', 'search-keys')!)!.containers.find((c) => c.command?.join(' ').includes('publish-search-keys.mjs'))!;
    expect(environment(store).get('SECRET_NAME')).toBe(keys);
    expect(listings.containers[0].volumeMounts!.find((m) => m.name === listings.volumes!.find((v) => v.secret)!.name)!.mountPath).toBe(path.dirname(environment(listings.containers[0]).get('MEILI_SEARCH_KEY_FILE')!));
    expect(JSON.stringify(named('Role', 'mboa-search-keys'))).toContain(keys);
    const binding = named('RoleBinding', 'mboa-search-keys')!;
    expect(named(binding.roleRef!.kind, binding.roleRef!.name)).toBeDefined();
    expect(binding.subjects).toEqual([{ kind: 'ServiceAccount', name: 'mboa-search-keys', namespace: 'mboa' }]);
  });

  test('each app: probes on the paths and METRICS_PORT it serves, requests and limits, a budget, CPU autoscaling, a Service on its ports', () => {
    const metricsPort = Number(named('ConfigMap', 'mboa-common')!.data!.METRICS_PORT);
    const grace = Number(named('ConfigMap', 'mboa-common')!.data!.SHUTDOWN_GRACE_MS);
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const spec = podSpec(deployment)!;
      const [container] = spec.containers;
      expect(environment(container).get('METRICS_PORT')).toBe(String(metricsPort));
      const portOf = (port: string | number) => (typeof port === 'number' ? port : container.ports?.find((p) => p.name === port)?.containerPort);
      expect({ name, liveness: container.livenessProbe?.httpGet?.path, port: portOf(container.livenessProbe!.httpGet!.port) }).toEqual({ name, liveness: PROBE_PATHS.liveness, port: metricsPort });
      expect({ name, readiness: container.readinessProbe?.httpGet?.path, port: portOf(container.readinessProbe!.httpGet!.port) }).toEqual({ name, readiness: PROBE_PATHS.readiness, port: metricsPort });
      if (container.startupProbe) expect(container.startupProbe.httpGet?.path).toBe(PROBE_PATHS.liveness);
      for (const kind of ['requests', 'limits'] as const) expect({ name, kind, cpu: Boolean(container.resources?.[kind]?.cpu), memory: Boolean(container.resources?.[kind]?.memory) }).toEqual({ name, kind, cpu: true, memory: true });
      expect((spec.terminationGracePeriodSeconds ?? 30) * 1000).toBeGreaterThan(grace);
      const labels = podLabels(deployment);
      expect(deployment.spec.selector.matchLabels).toEqual(expect.objectContaining({ 'app.kubernetes.io/name': name }));
      expect(matches(deployment.spec.selector.matchLabels as Record<string, string>, labels)).toBe(true);
      const pdb = of('PodDisruptionBudget').find((p) => matches(p.spec.selector.matchLabels as Record<string, string>, labels));
      expect({ name, pdb: Boolean(pdb) }).toEqual({ name, pdb: true });
      const hpa = of('HorizontalPodAutoscaler').find((h) => h.spec.scaleTargetRef.kind === 'Deployment' && h.spec.scaleTargetRef.name === name);
      expect({ name, cpu: hpa?.spec.metrics?.[0]?.resource?.name, min: (hpa?.spec.minReplicas ?? 0) >= 2 }).toEqual({ name, cpu: 'cpu', min: true });
      const service = of('Service').find((s) => s.spec.selector && matches(s.spec.selector as Record<string, string>, labels));
      expect({ name, service: Boolean(service) }).toEqual({ name, service: true });
      for (const port of service!.spec.ports as { name: string; targetPort: string | number }[]) expect({ name, port: port.name, to: portOf(port.targetPort) }).toEqual({ name, port: port.name, to: expect.any(Number) });
    }
    expect(environment(podSpec(named('Deployment', 'gateway')!)!.containers[0]).get('PORT')).toBe(String(podSpec(named('Deployment', 'gateway')!)!.containers[0].ports!.find((p) => p.name === 'http')!.containerPort));
  });

  test('every variable a container gets is one its app reads, with a value it accepts, and every one a deployment needs is there', () => {
    for (const deployment of deployments) {
      const app = deployment.metadata.name as AppName;
      const env = environment(podSpec(deployment)!.containers[0]);
      const reads = [...appEnvVariables(app), ...(withSchema.includes(app) ? ['MIGRATE_ON_START'] : [])];
      expect({ app, unknown: [...env.keys()].filter((v) => !reads.includes(v)) }).toEqual({ app, unknown: [] });
      expect({ app, missing: APP_ENV[app].stackRequired.filter((v) => !env.has(v)) }).toEqual({ app, missing: [] });
      expect(() => loadAppEnv(app, Object.fromEntries(env))).not.toThrow();
      // The migration Jobs migrate; an app replica never does (entrypoint.sh reads MIGRATE_ON_START).
      if (withSchema.includes(app)) expect({ app, migrate: env.get('MIGRATE_ON_START') }).toEqual({ app, migrate: 'off' });
    }
    expect(entrypoint).toMatch(/MIGRATE_ON_START:-on}" != "off"/);
  });

  test("the images run modes of entrypoint.sh: each app by name, and `migrate <service>` once for every service with a schema", () => {
    const modes = [...entrypoint.matchAll(/^ {2}([a-z|]+)\)/gm)].flatMap((m) => m[1].split('|'));
    for (const deployment of deployments) {
      const [container] = podSpec(deployment)!.containers;
      expect(container.args).toEqual([deployment.metadata.name]);
      expect(modes).toContain(deployment.metadata.name);
      expect(container.image).toMatch(new RegExp(`/mboa/${deployment.metadata.name}:`));
    }
    expect(modes).toContain('migrate');
    const migrations = jobs.filter((j) => j.metadata.labels?.['app.kubernetes.io/component'] === 'migration');
    expect(migrations.map((j) => podSpec(j)!.containers[0].args).sort()).toEqual(withSchema.map((s) => ['migrate', s]).sort());
    for (const job of migrations) {
      const [container] = podSpec(job)!.containers;
      expect([...environment(container).keys()].filter((v) => !/^(DATABASE_URL|[A-Z]+_DATABASE_URL)$/.test(v))).toEqual([]);
    }
  });

  test('the one-shot set-ups run the scripts compose runs, mounted from the scripts ConfigMap, with only the variables each reads', () => {
    const scripts = named('ConfigMap', 'mboa-setup-scripts')!;
    const setups = jobs.filter((j) => j.metadata.labels?.['app.kubernetes.io/component'] === 'setup');
    expect(setups.map((j) => j.metadata.name).sort()).toEqual(['search-keys', 'storage-init']);
    for (const job of setups) {
      const spec = podSpec(job)!;
      for (const container of [...(spec.initContainers ?? []), ...spec.containers]) {
        const [node, script] = container.command!;
        expect(node).toBe('node');
        const mount = container.volumeMounts!.find((m) => script.startsWith(`${m.mountPath}/`))!;
        expect(spec.volumes!.find((v) => v.name === mount.name)?.configMap?.name).toBe('mboa-setup-scripts');
        const file = path.basename(script);
        expect(Object.keys(scripts.data!)).toContain(file);
        const reads = scriptReads(path.join(root, 'infra/scripts', file));
        expect({ script: file, unknown: [...environment(container).keys()].filter((v) => !reads.includes(v)) }).toEqual({ script: file, unknown: [] });
      }
    }
    // Compose runs the same two scripts.
    const compose = readFileSync(path.join(root, 'docker-compose.yml'), 'utf8');
    for (const file of ['storage-init.mjs', 'meili-keys.mjs']) expect(compose).toContain(`./infra/scripts/${file}`);
  });

  test('secrets are Secrets with placeholders only, and no app gets an administrator secret', () => {
    for (const secret of of('Secret')) {
      for (const [key, value] of Object.entries(secret.stringData ?? {})) {
        expect({ key, placeholder: /change-me|example\.cm/.test(value) }).toEqual({ key, placeholder: true });
      }
    }
    for (const deployment of deployments) {
      const env = [...environment(podSpec(deployment)!.containers[0]).keys()];
      expect({ app: deployment.metadata.name, admin: env.filter((v) => /MEILI_MASTER_KEY|GARAGE_/.test(v)) }).toEqual({ app: deployment.metadata.name, admin: [] });
    }
  });

  test('network policies: everything denied by default, only the gateway reachable from outside (through the Ingress), each backend only from the pods that use it', () => {
    const policies = of('NetworkPolicy');
    expect(policies.some((p) => Object.keys(p.spec.podSelector).length === 0 && p.spec.policyTypes.includes('Ingress') && !p.spec.ingress)).toBe(true);
    const metricsPort = Number(named('ConfigMap', 'mboa-common')!.data!.METRICS_PORT);
    for (const deployment of deployments) {
      const labels = podLabels(deployment);
      const open = policies
        .filter((p) => matches((p.spec.podSelector.matchLabels ?? {}) as Record<string, string>, labels) && Object.keys(p.spec.podSelector).length > 0)
        .flatMap((p) => (p.spec.ingress ?? []) as { ports?: { port: number }[] }[])
        .flatMap((rule) => (rule.ports ?? []).map((port) => port.port))
        .filter((port) => port !== metricsPort);
      expect({ app: deployment.metadata.name, open }).toEqual({ app: deployment.metadata.name, open: deployment.metadata.name === 'gateway' ? [3000] : [] });
    }
    const ingress = of('Ingress')[0];
    const backend = ingress.spec.rules[0].http.paths[0].backend.service as { name: string; port: { name: string } };
    expect(backend.name).toBe('gateway');
    expect((named('Service', 'gateway')!.spec.ports as { name: string }[]).map((p) => p.name)).toContain(backend.port.name);
    // A pod that reaches a backend carries the label that backend's policy lets in, and a label a policy names is on some pod.
    const uses: Record<string, string> = { DATABASE_URL: 'mboa.cm/database', REDIS_URL: 'mboa.cm/redis', S3_ENDPOINT: 'mboa.cm/s3', MEILI_URL: 'mboa.cm/search', NATS_URL: 'mboa.cm/nats', GARAGE_ADMIN_URL: 'mboa.cm/s3-admin' };
    for (const workload of [...deployments, ...jobs]) {
      const spec = podSpec(workload)!;
      const env = new Set([...spec.containers, ...(spec.initContainers ?? [])].flatMap((c) => [...environment(c).keys()]));
      for (const [variable, label] of Object.entries(uses)) {
        if (env.has(variable)) expect({ pod: workload.metadata.name, label, set: podLabels(workload)[label] }).toEqual({ pod: workload.metadata.name, label, set: 'true' });
      }
    }
    const named_ = JSON.stringify(policies).match(/mboa\.cm\/[a-z0-9-]+/g) ?? [];
    for (const label of new Set(named_)) expect({ label, onSomePod: [...deployments, ...jobs].some((w) => podLabels(w)[label] === 'true') }).toEqual({ label, onSomePod: true });
  });

  describe('backends (infra/k8s/backends)', () => {
    const backends = parse(readFileSync(path.join(K8S, 'backends/kustomization.yaml'), 'utf8')) as Kustomization;
    const charts = backends.helmCharts ?? [];
    const cluster = parse(readFileSync(path.join(K8S, 'backends/postgres-cluster.yaml'), 'utf8')) as Resource;
    const config = (map: string, key: string) => named('ConfigMap', map)!.data![key];
    const secret = (name: string, key: string) => named('Secret', name)!.stringData![key];
    const host = (url: string) => new URL(url).hostname;

    test('NATS, the PostgreSQL operator and Meilisearch come from their maintained charts, each pinned to one version', () => {
      expect(charts.map((c) => c.name).sort()).toEqual(['cloudnative-pg', 'meilisearch', 'nats']);
      for (const chart of charts) {
        expect({ chart: chart.name, version: chart.version, repo: chart.repo }).toEqual({ chart: chart.name, version: expect.stringMatching(/^\d+\.\d+\.\d+$/), repo: expect.stringMatching(/^https:\/\//) });
      }
      const readme = readFileSync(path.join(root, 'infra/README.md'), 'utf8');
      for (const chart of charts) expect({ chart: chart.name, inReadme: readme.includes(chart.version) && readme.includes(chart.repo) }).toEqual({ chart: chart.name, inReadme: true });
      expect(readme).toContain('infra/k8s/backends/garage-values.yaml');
    });

    test('NATS runs three JetStream nodes and the stream keeps three copies', () => {
      const nats = charts.find((c) => c.name === 'nats')!;
      expect(nats.valuesInline).toMatchObject({ config: { cluster: { enabled: true, replicas: 3 }, jetstream: { enabled: true } } });
      expect(config('mboa-stream', 'EVENT_STREAM_REPLICAS')).toBe('3');
      expect(host(config('mboa-common', 'NATS_URL'))).toBe(nats.releaseName);
    });

    test("the apps' addresses are the Services the charts and the operator make", () => {
      expect(host(config('mboa-listings', 'MEILI_URL'))).toBe(charts.find((c) => c.name === 'meilisearch')!.releaseName);
      expect(host(config('mboa-search-keys', 'MEILI_URL'))).toBe(host(config('mboa-listings', 'MEILI_URL')));
      expect(config('mboa-search-keys', 'MEILI_INDEX')).toBe(config('mboa-listings', 'MEILI_INDEX'));
      expect(charts.find((c) => c.name === 'meilisearch')!.valuesInline).toMatchObject({ auth: { existingMasterKeySecret: 'mboa-meili-master' } });
      expect(cluster.kind).toBe('Cluster');
      expect(host(secret('mboa-database', 'DATABASE_URL'))).toBe(`${cluster.metadata.name}-rw`);
      expect(cluster.spec.instances).toBeGreaterThanOrEqual(3);
      const postgresPolicy = of('NetworkPolicy').find((p) => p.spec.podSelector.matchLabels?.['cnpg.io/cluster'])!;
      expect(postgresPolicy.spec.podSelector.matchLabels['cnpg.io/cluster']).toBe(cluster.metadata.name);
      expect(JSON.stringify(postgresPolicy)).toContain(charts.find((c) => c.name === 'cloudnative-pg')!.namespace!);
      const garageAdmin = parse(readFileSync(path.join(K8S, 'backends/garage-admin-service.yaml'), 'utf8')) as Resource;
      expect(host(config('mboa-storage-init', 'GARAGE_ADMIN_URL'))).toBe(garageAdmin.metadata.name);
      expect(new URL(config('mboa-storage-init', 'GARAGE_ADMIN_URL')).port).toBe(String(garageAdmin.spec.ports[0].port));
    });
  });
});
