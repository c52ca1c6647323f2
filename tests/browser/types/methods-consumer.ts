// Compile-only check of the method widgets' declarations (web/src/widgets/index.d.ts) from an author's side.
import { METHOD_WIDGET_TAGS, type PosencRope, type ScoreOrError } from 'posenc/widgets';

async function main(): Promise<void> {
  const rope = document.querySelector('posenc-rope') as PosencRope;
  rope.convention = 'interleaved';
  rope.m = 12;
  rope.n = 9;
  await rope.renderComplete;
  const r = rope.result;
  if (r) console.log(r.score - r.reference.score, r.channels[0], r.pairs.length);

  const t5 = document.createElement('posenc-t5');
  t5.bidirectional = true;
  t5.numBuckets = 32;
  const bucket: number | null = t5.bucketOf(-20);
  const cell = t5.cell;
  if (cell) console.log(cell.bucket, cell.bias, bucket);

  const scaling = document.createElement('posenc-scaling');
  scaling.type = 'yarn';
  scaling.longFactor = [1, 2, 3];
  const yarn = scaling.result?.curves.yarn.attentionFactor;

  const alibi = document.createElement('posenc-alibi');
  alibi.heads = 12;
  const slopes: number[] | undefined = alibi.result?.slopes;

  const learned = document.createElement('posenc-learned');
  learned.maxLength = 1024;
  learned.position = 1024;
  const message: string | undefined = learned.result?.learnedError;

  const methods = document.createElement('posenc-methods');
  methods.tokens = ['The', 'cat'];
  methods.query = 80;
  const s: ScoreOrError | undefined = methods.result?.scores.learned;
  const failed: string | undefined = s?.error;

  const padding = document.createElement('posenc-padding');
  padding.padSide = 'left';
  const ids: number[] | undefined = padding.result?.generation;
  padding.addEventListener('posenc-change', (e) => console.log(e.detail));

  console.log(METHOD_WIDGET_TAGS.length, yarn, slopes, message, failed, ids);
}
void main;
