import { describe, expect, it } from 'vitest';
import { interleave } from './interleave';

/** Runs `names` through `rounds` rounds (after `warmupRounds`), recording the order the variants really ran in. */
async function ranOrder(names: string[], rounds: number, warmupRounds = 0): Promise<string[]> {
  const ran: string[] = [];
  const variants = Object.fromEntries(names.map((name) => [name, async () => (ran.push(name), 0)]));
  await interleave(variants, { rounds, warmupRounds });
  return ran;
}

/** How often each variant ran right after each other one (and after itself), across the rounds' ends too. */
function followers(ran: string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (let i = 1; i < ran.length; i++) {
    const pair = `${ran[i - 1]}→${ran[i]}`;
    counts[pair] = (counts[pair] ?? 0) + 1;
  }
  return counts;
}

describe('interleave', () => {
  it('runs every variant once a round, each first equally often', async () => {
    for (const names of [['a', 'b'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd']]) {
      const ran = await ranOrder(names, 24);
      const rounds = Array.from({ length: 24 }, (_, round) => ran.slice(round * names.length, (round + 1) * names.length));
      expect(rounds.every((round) => [...round].sort().join() === names.join())).toBe(true);
      for (const name of names) expect(rounds.filter((round) => round[0] === name).length).toBe(24 / names.length);
    }
  });

  it('puts each of three variants after each other one equally often, so what one leaves running slows each alike', async () => {
    // 600 rounds and the 60 warm-up rounds before them: whole cycles of six orders each.
    const counts = followers(await ranOrder(['host', 'sdk', 'other'], 600, 60));
    const distinct = Object.entries(counts).filter(([pair]) => pair.split('→')[0] !== pair.split('→')[1]);
    expect(distinct).toHaveLength(6);
    const values = distinct.map(([, count]) => count);
    // A rotation (ABC, BCA, CAB) gave two to one here: other→host 440 times, host→other 220.
    expect(Math.max(...values) - Math.min(...values)).toBeLessThanOrEqual(1);
  });

  it('alternates two variants AB, BA: each follows the other as often', async () => {
    const counts = followers(await ranOrder(['core', 'sdk'], 1000));
    expect(Math.abs((counts['core→sdk'] ?? 0) - (counts['sdk→core'] ?? 0))).toBeLessThanOrEqual(1);
  });
});
