// @ts-check
/**
 * Registers a fault on a running dev bookcore (`POST /__dev/faults`, docs/bookcore-contract.md): the benchmark's
 * canned answers and the end-to-end tests' failures go through this one client.
 * @param {string} origin
 * @param {Record<string, unknown>} fault
 */
export async function injectFault(origin, fault) {
  const response = await fetch(`${origin}/__dev/faults`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(fault) });
  if (!response.ok) throw new Error(`POST /__dev/faults answered ${response.status}`);
}
