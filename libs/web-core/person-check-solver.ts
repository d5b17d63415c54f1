// Its own module so that the solver (and ALTCHA's code) is a chunk of its own, loaded on a challenge.
export { solvePersonCheck } from '@mboa/contracts';
