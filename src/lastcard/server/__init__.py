"""`lastcard serve`: the web table (docs/SERVER.md): a pure room per table, an asyncio task
around it, websockets and storage."""
