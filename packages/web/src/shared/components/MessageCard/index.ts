export { CommodityCardView, MediaPlayer, MessageCardView } from './MessageCardView';
