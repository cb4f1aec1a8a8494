// The types of the virtual module scripts/browser-build.mjs resolves to ky's core class.
declare module 'promokit:ky-core' {
  export const Ky: { create(input: string, options: object): Promise<Response> };
}
