// Types of scripts/lib/guide-blocks.mjs, for the tests.

/** A ```ts block of a guide. */
export interface GuideBlock {
  /** The guide, relative to the root: `README.md`, `docs/…`. */
  file: string;
  /** The 1-based line of the block's first line of code. */
  line: number;
  code: string;
  /** The JavaScript of a `<!-- guide-setup: … -->` comment right above the block, or `''`. */
  setup: string;
  /** The JavaScript of a `<!-- guide-then: … -->` comment right below the block, or `''`. */
  then: string;
  /** What a `// Needs …` first line says the block needs (then it is type-checked only), or `null`. */
  needs: string | null;
}
/** README.md, the guides (docs/*.md) and the reference site's home page (docs/site/*.md), relative to `root`. */
export declare function guideSources(root: string): string[];
/** The ```ts blocks of one guide. */
export declare function blocksOf(root: string, file: string): GuideBlock[];
/** Every ```ts block of every guide, in order. */
export declare function guideBlocks(root: string): GuideBlock[];
