// Pure views (src/views): the server draws My orders' first screen with them too.
export { EmptyState, ErrorState, ListFooter, type EmptyStateProps, type ErrorStateProps, type ListFooterProps } from '@/views/StateView'
