export {
  Description,
  DescriptionList,
  type DescriptionListProps,
  type DescriptionProps,
} from './DescriptionList';
