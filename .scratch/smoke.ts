import { nodeProviderProjects } from '../server/src/node/providerProjects';
const p = nodeProviderProjects();
(async () => {
  const desc = JSON.stringify({ implementation: 'io.acme.payments:payments:1.2.0' });
  const t0 = Date.now();
  const f = await p.factsFor(process.cwd() + '/test/fixtures/provider-project/providers/x.provider.json', desc);
  console.log(Date.now() - t0, 'ms');
  console.log(JSON.stringify(f, null, 1).slice(0, 6000));
  const t1 = Date.now();
  await p.factsFor(process.cwd() + '/test/fixtures/provider-project/providers/x.provider.json', desc);
  console.log('again', Date.now() - t1, 'ms');
  const g = await p.factsFor(process.cwd() + '/test/fixtures/provider-project/providers/x.provider.json', JSON.stringify({ implementation: 'io.acme.channels:channels:2.1.0' }));
  console.log(JSON.stringify(g, null, 1).slice(0, 3000));
})();
