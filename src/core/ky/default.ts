/** ky's default instance alone: imported dynamically, it lets bundlers drop ky's unused exports. @module */
export { default } from 'ky';
