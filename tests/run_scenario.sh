#!/usr/bin/env bash
# Placeholder; replaced by the transcript runner.
exit 0
