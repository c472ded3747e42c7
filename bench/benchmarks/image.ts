/**
 * 5. Images: the result pipeline (processToolResult on an image block: base64 decode,
 * the original saved to a file, fitImage's metadata read, decode, resize and encode,
 * base64 for the window) on the tool-lab fixture's 4000×3000 PNG, versus sharp alone
 * doing the same resize to the same output (fit inside 2000×2000, then the encoder the
 * pipeline ended up choosing), in turns. libvips' operation cache is off for both.
 * Figure: ratio of the medians. Goal ≤ 1.3.
 */
import sharp from 'sharp';
import type { ImageBlock } from '../../shared/tool-results';
import { IMAGE_MAX_LONG_EDGE } from '../../electron/core/results/image-pipeline';
import { processToolResult } from '../../electron/core/results/process-result';
import { ResultFileStore } from '../../electron/core/results/result-files';
import { benchmark } from '../lib/bench-main';
import { interleave, timed } from '../lib/interleave';
import { figure } from '../lib/result';
import { round, roundSummary, summarize } from '../lib/stats';
import { bareClient, tempDir } from '../lib/workbench';

/** The fixture's image, as a server sends it (base64 in an image block). */
async function fixtureImage(): Promise<{ data: string; mimeType: string }> {
  const client = await bareClient('tool-lab');
  try {
    const result = await client.callTool({ name: 'make_image', arguments: {} });
    const block = (result.content as Array<{ type: string; data?: string; mimeType?: string }>).find((b) => b.type === 'image');
    if (!block?.data) throw new Error('make_image returned no image');
    return { data: block.data, mimeType: block.mimeType ?? 'image/png' };
  } finally {
    await client.close();
  }
}

benchmark({
  id: 'image',
  title: 'Images: result pipeline vs sharp alone on a 4000×3000 PNG',
  async run(ctx) {
    const rounds = ctx.smoke ? 1 : 15;
    sharp.cache(false);
    const image = await fixtureImage();
    const input = Buffer.from(image.data, 'base64');
    const meta = await sharp(input).metadata();
    const dir = await tempDir('image');
    const files = new ResultFileStore(dir.path);
    const pipeline = async () => {
      const result = await processToolResult(
        { content: [{ type: 'image', data: image.data, mimeType: image.mimeType }], isError: false, durationMs: 0 },
        { callId: 'bench', server: 'lab', tool: 'make_image' },
        { files, textLimitBytes: 100 * 1024, label: 'make_image' },
      );
      return result.content[0] as ImageBlock;
    };
    try {
      // What the pipeline makes of this image decides what sharp alone is asked to make.
      const shown = await pipeline();
      if (!shown.shown) throw new Error(`The pipeline could not fit the image: ${shown.problem ?? 'no reason given'}`);
      const png = shown.shown.mimeType === 'image/png';
      const quality = Number(/quality (\d+)/.exec(shown.transformed ?? '')?.[1] ?? 80);
      const sharpAlone = () => {
        const resized = sharp(input).resize({ width: IMAGE_MAX_LONG_EDGE, height: IMAGE_MAX_LONG_EDGE, fit: 'inside', withoutEnlargement: true });
        return (png ? resized.png({ palette: true, compressionLevel: 9, effort: 1 }) : resized.flatten({ background: '#ffffff' }).jpeg({ quality })).toBuffer();
      };

      const samples = await interleave(
        { pipeline: () => timed(pipeline), sharp: () => timed(sharpAlone) },
        { rounds, warmupRounds: ctx.smoke ? 0 : 2, onRound: (n) => n % 5 === 0 && ctx.log(`${n} of ${rounds} rounds`) },
      );
      const subject = summarize(samples.pipeline);
      const baseline = summarize(samples.sharp);
      return {
        figures: [
          figure({
            id: 'median-ratio',
            label: 'median, pipeline ÷ sharp alone',
            value: round(subject.median / baseline.median),
            unit: '×',
            goal: { max: 1.3 },
            subject: { label: 'processToolResult (image block)', unit: 'ms', summary: roundSummary(subject, 1) },
            baseline: { label: `sharp resize + ${png ? 'PNG palette level 9' : `JPEG quality ${quality}`}`, unit: 'ms', summary: roundSummary(baseline, 1) },
          }),
        ],
        details: {
          input: { width: meta.width, height: meta.height, bytes: input.length, format: meta.format },
          output: { ...shown.shown, transformed: shown.transformed },
          rounds,
        },
      };
    } finally {
      await dir.remove();
    }
  },
});
