#ifndef TEARDOWNS_CSDL2_SHIM_H
#define TEARDOWNS_CSDL2_SHIM_H
#include <SDL2/SDL.h>
#include <SDL2/SDL_ttf.h>
#include <SDL2/SDL_image.h>
/* mallopt: large pixel buffers get mappings of their own (PixelMemory.swift). */
#include <malloc.h>
/* zlib: our own PNG encoder (PNGEncoder.swift). */
#include <zlib.h>
#endif
