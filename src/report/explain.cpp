// (stub: being written)
