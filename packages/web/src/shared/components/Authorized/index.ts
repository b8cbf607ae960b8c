export { Can, type CanProps } from './Can';
export { useCan } from './useCan';
