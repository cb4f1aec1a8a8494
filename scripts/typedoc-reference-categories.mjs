// A typedoc plugin (typedoc.json `plugin`): in an entry made only of re-exports, each is listed
// under the category of what it re-exports. `promokit/client-side` re-exports `ClientEvents`, its
// options, the hooks' events and the error classes from the main entry; without this its page
// lists all 41 in one flat "References" group. With it, they fall into the main entry's own
// categories (Client, Errors, Shared inputs, …), in the same order. A re-export with an
// `@category` of its own keeps it. An entry with declarations of its own keeps typedoc's groups by
// kind (a category on some of its exports would put the others under "Other").
import { Comment, CommentTag, Converter, ReflectionKind } from 'typedoc';

/** The `@category` tags of a reflection's comment and of its signatures' comments. */
function categories(reflection) {
  const comments = [reflection.comment, ...(reflection.signatures ?? []).map((s) => s.comment)];
  return comments.flatMap((comment) => comment?.blockTags.filter((tag) => tag.tag === '@category') ?? []);
}

/** @param {import('typedoc').Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_RESOLVE_BEGIN, (context) => {
    for (const reference of context.project.getReflectionsByKind(ReflectionKind.Reference)) {
      if (!reference.parent?.children?.every((child) => child.kindOf(ReflectionKind.Reference))) continue;
      if (categories(reference).length > 0) continue;
      const tags = categories(reference.getTargetReflectionDeep());
      if (tags.length === 0) continue;
      reference.comment ??= new Comment();
      reference.comment.blockTags.push(...tags.map((tag) => new CommentTag('@category', tag.content)));
    }
  });
}
